import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { changePasswordBody } from "@/contracts/account";
import { PASSWORD_RULES } from "@/contracts/auth";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { LabeledField } from "@/client/components/labeled-field";
import { PanelTitle } from "@/client/components/panel-title";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage, showIssuesAtFields } from "@/client/lib/api";
import { useChangePassword } from "../api/change-password";
import { useSignInMethod } from "../api/get-sign-in-method";

/** The request's body, and the new password typed twice (checked here only). */
const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: "The two new passwords are not the same",
    path: ["confirmPassword"],
  });
type PasswordForm = z.infer<typeof passwordForm>;

const fields = ["currentPassword", "newPassword"] as const;

/** "Change password": the current one, the new one twice; the player's other devices are signed out. */
export function PasswordCard() {
  const method = useSignInMethod();

  return (
    <Card className="gap-4" role="region" aria-labelledby="password-title">
      <CardHeader>
        <PanelTitle icon={KeyRound} id="password-title">
          Change password
        </PanelTitle>
        <CardDescription>Changing it signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        {method.isPending ? (
          <Skeleton className="h-9 w-full" role="status" aria-label="Loading your sign-in" />
        ) : method.data && !method.data.hasPassword ? (
          <p className="text-sm text-muted-foreground">
            Your account has no password: you sign in through your organization&apos;s sign-in service.
          </p>
        ) : (
          <ChangePasswordForm />
        )}
      </CardContent>
    </Card>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: "Password changed", description: "Your other devices are signed out." });
        },
        onError: (error) => {
          if (showIssuesAtFields(error, fields, form.setError)) return;
          toast({
            title: "Password not changed",
            description: errorMessage(error, "Your password could not be changed. Please try again."),
            variant: "destructive",
          });
        },
      },
    ),
  );

  const password = (name: keyof PasswordForm, label: string, autoComplete: string, description?: string) => (
    <LabeledField control={form.control} name={name} label={label} description={description}>
      {(field) => <Input type="password" autoComplete={autoComplete} {...field} />}
    </LabeledField>
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Change password">
        {password("currentPassword", "Current password", "current-password")}
        {password("newPassword", "New password", "new-password", PASSWORD_RULES)}
        {password("confirmPassword", "Confirm new password", "new-password")}
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Changing..." : "Change password"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
