import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TriangleAlert } from "lucide-react";
import { confirmEmailForm, confirmPasswordForm, type DeletionCheck } from "@/contracts/account-data";
import type { User } from "@/contracts/auth";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { LabeledField } from "@/client/components/labeled-field";
import { errorMessage, showIssuesAtFields } from "@/client/lib/api";
import { useDeleteAccount } from "../api/delete-account";
import { useDeletionCheck } from "../api/deletion-check";

/**
 * "Delete your account?": what it does to the player's contests (from the deletion check), then
 * their password (or, for an account without one, their e-mail address) to confirm. The only
 * administrator is told why they cannot. Stays open, and cannot be closed, while the deletion runs;
 * once done the browser signs out to the landing page.
 */
export function DeleteAccountDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const check = useDeletionCheck(open);
  const remove = useDeleteAccount();
  const busy = remove.isPending || remove.isSuccess;
  return (
    <AlertDialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialogContent className="max-h-[90dvh] overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            {check.data?.lastAdmin
              ? "Not yet: the app needs another administrator first."
              : "This cannot be undone. Your name becomes “Former player”, your e-mail address is erased, and you are signed out everywhere."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {check.data ? (
          check.data.lastAdmin ? (
            <LastAdmin />
          ) : (
            <>
              <WhatHappens check={check.data} />
              <ConfirmForm key={check.data.confirmWith} check={check.data} user={user} remove={remove} />
            </>
          )
        ) : check.isError ? (
          <>
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(check.error, "We could not check your account. Please try again.")}
            </p>
            <AlertDialogFooter>
              <AlertDialogCancel>Close</AlertDialogCancel>
            </AlertDialogFooter>
          </>
        ) : (
          <Skeleton className="h-24 w-full" aria-label="Checking your contests" />
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function LastAdmin() {
  return (
    <>
      <Alert variant="destructive">
        <TriangleAlert aria-hidden="true" />
        <AlertTitle>You are the last administrator</AlertTitle>
        <AlertDescription>
          Make someone else an admin first (in Player Management), then come back to delete your account.
        </AlertDescription>
      </Alert>
      <AlertDialogFooter>
        <AlertDialogCancel>Close</AlertDialogCancel>
      </AlertDialogFooter>
    </>
  );
}

const quoted = (name: string) => `“${name}”`;

/** What becomes of the player's contests: those under way go on without them, challenges are declined. */
function WhatHappens({ check }: { check: DeletionCheck }) {
  const { activeContests, pendingContests } = check;
  return (
    <div className="space-y-3 text-sm">
      <p>
        Your picks, results and money stay in your contests, so your opponents&apos; standings and ledgers
        stay as they are.
      </p>
      {activeContests.length > 0 ? (
        <div className="space-y-1">
          <p>
            {activeContests.length === 1
              ? "This contest goes on without you: no more picks are made for you, and your opponent is told by e-mail."
              : "These contests go on without you: no more picks are made for you, and your opponents are told by e-mail."}
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {activeContests.map((contest) => (
              <li key={contest.id}>
                {quoted(contest.name)} against {contest.opponent}
                {contest.paid ? (
                  <span className="font-medium text-destructive">
                    {" "}
                    — money is at stake: settle what you owe first.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {pendingContests.length > 0 ? (
        <div className="space-y-1">
          <p>{pendingContests.length === 1 ? "This challenge is" : "These challenges are"} declined:</p>
          <ul className="list-disc space-y-1 pl-5">
            {pendingContests.map((contest) => (
              <li key={contest.id}>
                {quoted(contest.name)} with {contest.opponent}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        Want a copy first?{" "}
        <a href="/api/account/export" download className="font-medium underline underline-offset-4">
          Download my data
        </a>
        .
      </p>
    </div>
  );
}

type Remove = ReturnType<typeof useDeleteAccount>;

/** The password, or the e-mail address typed out; the server's refusal is shown at the field. */
function ConfirmForm({ check, user, remove }: { check: DeletionCheck; user: User; remove: Remove }) {
  return check.confirmWith === "password" ? (
    <PasswordForm remove={remove} />
  ) : (
    <EmailForm email={user.email} remove={remove} />
  );
}

function PasswordForm({ remove }: { remove: Remove }) {
  const form = useForm({ resolver: zodResolver(confirmPasswordForm), defaultValues: { password: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    remove.mutate(body, {
      onError: (error) => {
        if (!showIssuesAtFields(error, ["password"], form.setError)) setFailure(failed(error));
      },
    });
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <LabeledField control={form.control} name="password" label="Your password">
          {(field) => <Input type="password" autoComplete="current-password" {...field} />}
        </LabeledField>
        <Footer failure={failure} remove={remove} />
      </form>
    </Form>
  );
}

function EmailForm({ email, remove }: { email: string; remove: Remove }) {
  const form = useForm({ resolver: zodResolver(confirmEmailForm), defaultValues: { confirmEmail: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    remove.mutate(body, {
      onError: (error) => {
        if (!showIssuesAtFields(error, ["confirmEmail"], form.setError)) setFailure(failed(error));
      },
    });
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <LabeledField
          control={form.control}
          name="confirmEmail"
          label="Your e-mail address"
          description={`Type ${email} to confirm.`}
        >
          {(field) => <Input type="email" autoComplete="off" {...field} />}
        </LabeledField>
        <Footer failure={failure} remove={remove} />
      </form>
    </Form>
  );
}

const failed = (error: unknown) =>
  errorMessage(error, "Your account could not be deleted. Please try again.");

function Footer({ failure, remove }: { failure: string | null; remove: Remove }) {
  const busy = remove.isPending || remove.isSuccess;
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Deleting..." : "Delete my account"}
        </Button>
      </AlertDialogFooter>
    </>
  );
}
