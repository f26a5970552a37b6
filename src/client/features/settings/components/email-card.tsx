import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail, MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { changeEmailBody, type ChangeEmailBody } from "@/contracts/account";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { LabeledField } from "@/client/components/labeled-field";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { PanelTitle } from "@/client/components/panel-title";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage, showIssuesAtFields } from "@/client/lib/api";
import { useChangeEmail } from "../api/change-email";
import { useSignInMethod } from "../api/get-sign-in-method";

const fields = ["newEmail", "currentPassword"] as const;

/** The address the player signs in with, and "Change email": a link to the new address confirms it. */
export function EmailCard() {
  const method = useSignInMethod();
  const [open, setOpen] = useState(false);

  return (
    <Card className="gap-4" role="region" aria-labelledby="email-title">
      <CardHeader>
        <PanelTitle icon={Mail} id="email-title">
          Email
        </PanelTitle>
        <CardDescription className="wrap-anywhere">
          {method.data ? `You sign in as ${method.data.email}.` : "The address you sign in with."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {method.isPending ? (
          <Skeleton className="h-9 w-36" role="status" aria-label="Loading your sign-in" />
        ) : method.isError ? (
          <LoadErrorAlert
            title="Your address could not be loaded"
            error={method.error}
            onRetry={() => void method.refetch()}
          />
        ) : !method.data.hasPassword ? (
          <p className="text-sm text-muted-foreground">
            Your address comes from your organization&apos;s sign-in service, so it cannot be changed here.
          </p>
        ) : (
          <>
            {method.data.pendingEmail ? (
              <p role="status" className="flex gap-2 text-sm wrap-anywhere">
                <MailCheck className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  We sent a link to {method.data.pendingEmail}. Your address changes when you open it.
                </span>
              </p>
            ) : null}
            {open ? (
              <ChangeEmailForm onDone={() => setOpen(false)} />
            ) : (
              <Button type="button" variant="outline" onClick={() => setOpen(true)}>
                Change email
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBody),
    defaultValues: { newEmail: "", currentPassword: "" },
  });

  const onSubmit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (answer) => {
        toast({ title: "Check your inbox", description: answer.message });
        onDone();
      },
      onError: (error) => {
        if (showIssuesAtFields(error, fields, form.setError)) return;
        toast({
          title: "Email not changed",
          description: errorMessage(error, "Your email could not be changed. Please try again."),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Change email">
        <LabeledField control={form.control} name="newEmail" label="New email">
          {(field) => <Input type="email" autoComplete="email" {...field} />}
        </LabeledField>
        <LabeledField
          control={form.control}
          name="currentPassword"
          label="Current password"
          description="We send a link to the new address. Your address changes when you open it."
        >
          {(field) => <Input type="password" autoComplete="current-password" {...field} />}
        </LabeledField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onDone} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Sending..." : "Send link"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
