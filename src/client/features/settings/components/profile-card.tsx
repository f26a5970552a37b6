import { zodResolver } from "@hookform/resolvers/zod";
import { UserRound } from "lucide-react";
import { useForm } from "react-hook-form";
import type { User } from "@/contracts/auth";
import { updateUserBody } from "@/contracts/users";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Form } from "@/client/components/ui/form";
import { LabeledField } from "@/client/components/labeled-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useUpdateUser } from "@/client/lib/queries/users";
import { PanelTitle } from "@/client/components/panel-title";

/** The signed-in person's own name (their e-mail is the Email card's). */
export function ProfileCard({ user }: { user: User }) {
  const update = useUpdateUser();
  const form = useForm({
    resolver: zodResolver(updateUserBody),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });

  const onSubmit = form.handleSubmit(({ firstName, lastName }) =>
    update.mutate(
      { id: user.id, firstName, lastName },
      {
        onSuccess: (saved) => {
          form.reset({ firstName: saved.firstName, lastName: saved.lastName });
          toast({ title: "Profile Updated", description: "Your name has been updated." });
        },
        onError: (error) =>
          toast({
            title: "Update Failed",
            description: errorMessage(error, "Failed to update your profile."),
            variant: "destructive",
          }),
      },
    ),
  );

  const nameField = (name: "firstName" | "lastName", label: string, autoComplete: string) => (
    <LabeledField control={form.control} name={name} label={label}>
      {(field) => <Input autoComplete={autoComplete} {...field} />}
    </LabeledField>
  );

  return (
    <Card className="gap-4" role="region" aria-labelledby="profile-title">
      <CardHeader>
        <PanelTitle icon={UserRound} id="profile-title">
          Profile
        </PanelTitle>
        <CardDescription>Your name as other players see it.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {nameField("firstName", "First name", "given-name")}
              {nameField("lastName", "Last name", "family-name")}
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
                {update.isPending ? "Saving..." : "Save Profile"}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
