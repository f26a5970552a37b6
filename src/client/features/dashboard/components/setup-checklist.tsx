import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle, ListChecks } from "lucide-react";
import { Link } from "wouter";
import type { FeedStatus } from "@/contracts/feed";
import type { OutboxPage } from "@/contracts/outbox";
import { CONTEST_CREATION, CONTEST_CREATION_PASSWORD } from "@/contracts/system-config";
import { PanelTitle } from "@/client/components/panel-title";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { toast } from "@/client/hooks/use-toast";
import { apiGet, errorMessage } from "@/client/lib/api";
import { useSystemConfig, useUpdateConfig } from "@/client/lib/queries/system-config";

/** The items an admin has set aside ("Keep mail in the outbox"), in this browser. */
const DISMISSED_KEY = "football-pool-setup-dismissed";

function readDismissed(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? "[]");
    return Array.isArray(saved) ? saved.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

interface Step {
  id: "contests" | "mail" | "feed";
  title: string;
  /** What stands now, and what the action does. */
  text: string;
  done: boolean;
  action: ReactNode;
}

/**
 * A new pool's first steps, on the first admin's Dashboard: who may create contests, where mail
 * goes, the data feed. Each is ticked once done (or set aside as it is); the card leaves when all are.
 */
export function SetupChecklist() {
  const config = useSystemConfig();
  // The same answers Admin Overview and Settings read (shared by key).
  const feed = useQuery({
    queryKey: ["/api/admin/feed"],
    queryFn: () => apiGet<FeedStatus>("/api/admin/feed"),
  });
  const outbox = useQuery({
    queryKey: ["/api/admin/outbox", "smtp"],
    queryFn: () => apiGet<OutboxPage>("/api/admin/outbox?limit=1"),
  });
  const update = useUpdateConfig();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!config.data || !feed.data || !outbox.data) return null;

  const value = (key: string) => config.data.find((entry) => entry.key === key)?.value;
  const open = value(CONTEST_CREATION) === "open";
  const password = Boolean(value(CONTEST_CREATION_PASSWORD));
  const dismiss = (id: Step["id"]) => {
    const next = [...new Set([...dismissed, id])];
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  const openCreation = () =>
    update.mutate(
      { key: CONTEST_CREATION, value: "open" },
      {
        onSuccess: () =>
          toast({ title: "Configuration Updated", description: "Every player can now create contests." }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to update configuration. Please try again."),
            variant: "destructive",
          }),
      },
    );
  const feedOk = feed.data.enabled && feed.data.lastSuccessAt !== null;

  const steps: Step[] = [
    {
      id: "contests",
      title: "Who may create contests",
      text: open
        ? "Every player can create contests."
        : password
          ? "Players create contests with the contest creation password."
          : "Only administrators can create contests until you open it to every player or set a password.",
      done: open || password,
      action: (
        <>
          <Button size="sm" onClick={openCreation} disabled={update.isPending}>
            Open to Every Player
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href="/settings">Set a Password</Link>
          </Button>
        </>
      ),
    },
    {
      id: "mail",
      title: "Mail",
      text: outbox.data.smtpConfigured
        ? "Mail leaves by SMTP."
        : "No SMTP server is set (SMTP_URL): invitations and reminders are kept in the outbox, where you can read them.",
      done: outbox.data.smtpConfigured || dismissed.includes("mail"),
      action: (
        <>
          <Button asChild size="sm" variant="outline">
            <Link href="/settings#outbox">Open the Outbox</Link>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => dismiss("mail")}>
            Keep Mail in the Outbox
          </Button>
        </>
      ),
    },
    {
      id: "feed",
      title: "The data feed",
      text: !feed.data.enabled
        ? "The data feed is off (FEED_URL=off): games, lines and scores are entered by hand."
        : feedOk
          ? "The data feed keeps the schedule, lines and scores current."
          : `The data feed has not synced yet${feed.data.lastError ? `: ${feed.data.lastError}` : "."}`,
      done: feedOk || dismissed.includes("feed"),
      action: (
        <>
          <Button asChild size="sm" variant="outline">
            <Link href="/admin">Open the Data Feed</Link>
          </Button>
          {feed.data.enabled ? null : (
            <Button size="sm" variant="ghost" onClick={() => dismiss("feed")}>
              Enter Games by Hand
            </Button>
          )}
        </>
      ),
    },
  ];
  if (steps.every((step) => step.done)) return null;

  return (
    <Card className="gap-4" role="region" aria-labelledby="setup-title">
      <CardHeader>
        <PanelTitle icon={ListChecks} id="setup-title">
          Set Up Your Pool
        </PanelTitle>
        <CardDescription>
          {steps.filter((step) => step.done).length} of {steps.length} done. This list leaves the dashboard
          once every step is.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {steps.map((step) => (
            <li key={step.id} className="flex gap-3 rounded-lg border p-3" aria-label={step.title}>
              {step.done ? (
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" role="img" aria-label="Done" />
              ) : (
                <Circle
                  className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                  role="img"
                  aria-label="To do"
                />
              )}
              <div className="min-w-0 space-y-2">
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
                {step.done ? null : <div className="flex flex-wrap gap-2">{step.action}</div>}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
