import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  PASSWORD_RULES,
  passwordResetBody,
  RESET_LINK_SPENT,
  type PasswordResetBody,
} from "@/contracts/auth";
import { LabeledField } from "@/client/components/labeled-field";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { ApiRequestError, showIssuesAtFields } from "@/client/lib/api";
import { useResetLinkCheck } from "../api/check-reset-link";
import { useResetPassword } from "../api/reset-password";
import { AccountPageFrame } from "@/client/components/account-page-frame";
import { FailedAlert } from "./failed-alert";

/** The link's token, from its fragment (`#token=…`), which never reaches a server. */
const tokenInAddress = () => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";

/** Whether the server refused the link itself (spent, expired), not the password. */
const refusedLink = (error: unknown) =>
  error instanceof ApiRequestError && error.issues.some((issue) => issue.path === "token");

function SpentLink() {
  return (
    <div className="space-y-4">
      <Alert variant="destructive">
        <AlertCircle />
        <AlertDescription>{RESET_LINK_SPENT}</AlertDescription>
      </Alert>
      <Button asChild className="w-full">
        <a href="/signin?tab=forgot">Ask for a New Link</a>
      </Button>
    </div>
  );
}

function NewPasswordForm({ token, onSpent }: { token: string; onSpent(): void }) {
  const reset = useResetPassword();
  // A refusal the server tied to the field is shown there, not above the form as well.
  const [shownAtField, setShownAtField] = useState(false);
  const form = useForm<PasswordResetBody>({
    resolver: zodResolver(passwordResetBody),
    defaultValues: { token, password: "" },
  });
  return (
    <Form {...form}>
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((body) =>
          reset.mutate(body, {
            onSuccess: () => window.location.assign("/"),
            onError: (error) => {
              if (refusedLink(error)) onSpent();
              else setShownAtField(showIssuesAtFields(error, ["password"], form.setError));
            },
          }),
        )}
      >
        <FailedAlert
          error={shownAtField ? null : reset.error}
          fallback="Could not set your new password. Please try again."
        />
        <LabeledField
          control={form.control}
          name="password"
          label="New password"
          description={PASSWORD_RULES}
        >
          {(field) => <Input type="password" autoComplete="new-password" autoFocus {...field} />}
        </LabeledField>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Save and Sign In"}
        </Button>
      </form>
    </Form>
  );
}

/** Asks whether the link still works, so a spent one says so before any password is typed. */
function ResetForm({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  const [spent, setSpent] = useState(false);
  if (check.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Checking your link">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (check.isError) return <FailedAlert error={check.error} fallback="Could not check your link." />;
  if (spent || !check.data.valid) return <SpentLink />;
  return <NewPasswordForm token={token} onSpent={() => setSpent(true)} />;
}

/** /reset-password#token=…: a mail's (or an admin's) link to choose a new password, once. */
export default function ResetPasswordPage() {
  const [token, setToken] = useState(tokenInAddress);
  // Another link pasted into this tab changes the fragment alone: no page load, so it is read here.
  useEffect(() => {
    const read = () => setToken(tokenInAddress());
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  return (
    <AccountPageFrame>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Choose a new password</h1>
          </CardTitle>
          <CardDescription>
            Your new password signs you in here at once. Every other device signed in to your account is
            signed out.
          </CardDescription>
        </CardHeader>
        <CardContent>{token ? <ResetForm key={token} token={token} /> : <SpentLink />}</CardContent>
      </Card>
    </AccountPageFrame>
  );
}
