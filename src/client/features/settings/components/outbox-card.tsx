import { useState } from "react";
import { formatDistanceToNow } from "date-fns";
import { ChevronDown, Inbox, RefreshCw, RotateCw } from "lucide-react";
import type { OutboxEntry } from "@/contracts/outbox";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useScrollToHash } from "@/client/hooks/use-scroll-to-hash";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useOutbox, useRetryEmail } from "@/client/lib/queries/outbox";
import { cn } from "@/client/lib/utils";
import { PanelTitle } from "@/client/components/panel-title";

const KINDS: Record<string, string> = {
  invitation: "Invitation",
  "your-turn": "Your turn",
  proposal: "Proposal",
  "bet-change": "Bet change",
  message: "Message",
  reminder: "Reminder",
  challenge: "Challenge",
  "week-settled": "Week result",
  "week-recap": "Week recap",
  messages: "Message",
  test: "Test",
  "opponent-picks": "Opponent's picks",
  "account-deleted": "Account deleted",
  "password-reset": "Password reset",
  "password-changed": "Password changed",
  "email-change": "E-mail change",
  "email-change-notice": "E-mail change notice",
  "sign-in-failures": "Failed sign-ins",
};

/** The word and colour of a mail's state; a queued mail that failed before reads "Retrying". */
function statusOf(mail: OutboxEntry): { label: string; className: string } {
  switch (mail.status) {
    case "sent":
      return {
        label: "Sent",
        className: "bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300",
      };
    case "failed":
      return { label: "Failed", className: "bg-destructive text-destructive-foreground" };
    case "kept":
      return { label: "Kept", className: "bg-secondary text-secondary-foreground" };
    default:
      return mail.attempts > 0
        ? {
            label: "Retrying",
            className: "bg-yellow-100 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-300",
          }
        : { label: "Queued", className: "bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300" };
  }
}

function When({ iso, prefix = "" }: { iso: string; prefix?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}>
      {prefix}
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

function RetryButton({ mail }: { mail: OutboxEntry }) {
  const retry = useRetryEmail();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-label={`Retry the e-mail “${mail.subject}” to ${mail.toAddress}`}
      onClick={() =>
        retry.mutate(mail.id, {
          onSuccess: () => toast({ title: "Email Queued", description: `Trying ${mail.toAddress} again.` }),
          onError: (error) =>
            toast({
              title: "Retry Failed",
              description: errorMessage(error, "Failed to retry the email. Please try again."),
              variant: "destructive",
            }),
        })
      }
    >
      <RotateCw /> {retry.isPending ? "Retrying..." : "Retry"}
    </Button>
  );
}

function OutboxItem({ mail }: { mail: OutboxEntry }) {
  const [open, setOpen] = useState(false);
  const status = statusOf(mail);
  return (
    <li
      className="space-y-2 py-3 first:pt-0 last:pb-0"
      aria-label={`E-mail “${mail.subject}” to ${mail.toAddress}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge className={cn("border-transparent", status.className)}>{status.label}</Badge>
            <span className="text-xs text-muted-foreground">{KINDS[mail.kind] ?? mail.kind}</span>
          </div>
          <p className="text-sm font-medium wrap-anywhere">{mail.subject}</p>
          <p className="text-xs text-muted-foreground wrap-anywhere">To {mail.toAddress}</p>
        </div>
        {mail.status === "failed" ? <RetryButton mail={mail} /> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <When iso={mail.createdAt} />
        {mail.sentAt ? <When iso={mail.sentAt} prefix="Sent " /> : null}
        {mail.attempts > 0 ? (
          <span>{`${mail.attempts} attempt${mail.attempts === 1 ? "" : "s"}`}</span>
        ) : null}
        {mail.nextAttemptAt && mail.attempts > 0 ? (
          <When iso={mail.nextAttemptAt} prefix="Next try " />
        ) : null}
      </p>
      {mail.lastError ? (
        <p className="rounded-md bg-destructive/10 px-2 py-1 font-mono text-xs text-destructive wrap-anywhere">
          {mail.lastError}
        </p>
      ) : null}
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger asChild>
          <Button variant="ghost" size="sm" className="-ml-2 h-7 px-2 text-xs">
            <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden="true" />
            {open ? "Hide message" : "Show message"}
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <pre className="mt-1 max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere">
            {mail.body}
          </pre>
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}

/**
 * Admins: every e-mail the app wrote, newest first, with its delivery state. `/settings#outbox`
 * opens Settings at it (the Dashboard's setup checklist links there).
 */
export function OutboxCard() {
  const outbox = useOutbox();
  useScrollToHash(!outbox.isLoading);
  const mails = outbox.data?.pages.flatMap((page) => page.entries) ?? [];
  const smtp = outbox.data?.pages[0]?.smtpConfigured;
  return (
    <Card id="outbox" className="scroll-mt-20 gap-4" role="region" aria-labelledby="outbox-title">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <PanelTitle icon={Inbox} id="outbox-title">
            Outbox
          </PanelTitle>
          <CardDescription>
            {smtp === false
              ? "No mail server is configured (SMTP_URL), so e-mail is kept here and not sent."
              : "E-mail the app sends: invitations, turns to pick, proposals and your messages."}
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Refresh outbox"
          disabled={outbox.isFetching}
          onClick={() => void outbox.refetch()}
        >
          <RefreshCw className={cn(outbox.isFetching && "animate-spin")} />
        </Button>
      </CardHeader>
      <CardContent>
        {outbox.isLoading ? (
          <div className="space-y-4" aria-busy="true" role="status" aria-label="Loading outbox">
            {[0, 1, 2].map((row) => (
              <div key={row} className="space-y-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-full" />
              </div>
            ))}
          </div>
        ) : outbox.error ? (
          <p className="py-4 text-sm text-destructive">
            {errorMessage(outbox.error, "Failed to load the outbox.")}
          </p>
        ) : mails.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No e-mail yet.</p>
        ) : (
          <ul aria-label="Outbox" className="divide-y">
            {mails.map((mail) => (
              <OutboxItem key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
        {outbox.hasNextPage ? (
          <div className="flex justify-center pt-4">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void outbox.fetchNextPage()}
              disabled={outbox.isFetchingNextPage}
            >
              {outbox.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
