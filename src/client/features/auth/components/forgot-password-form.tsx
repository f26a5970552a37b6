import { useEffect, useRef } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { passwordResetRequestBody, type PasswordResetRequestBody } from "@/contracts/auth";
import { LabeledField } from "@/client/components/labeled-field";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { FailedAlert } from "./failed-alert";
import { ViewLink } from "./view-link";

function BackToSignIn({ onBack }: { onBack(): void }) {
  return (
    <div className="flex items-center justify-center gap-1">
      <ArrowLeft className="size-4 text-primary" aria-hidden />
      <ViewLink href="/signin" onOpen={onBack}>
        Back to sign in
      </ViewLink>
    </div>
  );
}

/** The answer, the same whether or not an account uses the address; focused, as the form is gone. */
function Sent({ message, onBack }: { message: string; onBack(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="space-y-4">
      <Alert role="status" ref={ref} tabIndex={-1} className="outline-none">
        <MailCheck />
        <AlertDescription className="text-foreground">{message}</AlertDescription>
      </Alert>
      <p className="text-sm text-muted-foreground">
        Nothing after a few minutes? Look in your spam folder, or ask an admin of Football Pool for a link.
      </p>
      <BackToSignIn onBack={onBack} />
    </div>
  );
}

/**
 * The Sign In tab's other view: a link to choose a new password, by mail. `email` is what the sign-in
 * form held; `focus` puts the cursor in the field (opened from the sign-in form's link).
 */
export function ForgotPasswordForm({
  email,
  focus,
  onBack,
}: {
  email: string;
  focus: boolean;
  onBack(): void;
}) {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email },
  });
  useEffect(() => {
    if (focus) form.setFocus("email");
  }, [focus, form]);
  if (request.data) return <Sent message={request.data.message} onBack={onBack} />;
  return (
    <Form {...form}>
      <form className="space-y-4" onSubmit={form.handleSubmit((body) => request.mutate(body))}>
        <div className="space-y-1">
          <h2 className="font-semibold">Forgot your password?</h2>
          <p className="text-sm text-muted-foreground">
            Enter your account&rsquo;s email address and we will send you a link to choose a new password.
          </p>
        </div>
        <FailedAlert error={request.error} fallback="Could not send the link. Please try again." />
        <LabeledField control={form.control} name="email" label="Email">
          {(field) => <Input type="email" autoComplete="email" {...field} />}
        </LabeledField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Send Link"}
        </Button>
        <BackToSignIn onBack={onBack} />
      </form>
    </Form>
  );
}
