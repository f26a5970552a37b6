import { useState } from "react";
import { AlarmClock, Bell, BellOff, BellRing, ListChecks, Plus, Send, Smartphone, X } from "lucide-react";
import { Link } from "wouter";
import {
  emailNotificationKinds,
  leadLabel,
  notificationKinds,
  NOTIFICATION_KIND_LABELS,
  notificationSettingsBody,
  REMINDER_LEADS_MAX,
  type NotificationKind,
  type NotificationSettings,
} from "@/contracts/notifications";
import { PageHeader } from "@/client/components/page-header";
import { PanelTitle } from "@/client/components/panel-title";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Switch } from "@/client/components/ui/switch";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useNotificationSettings } from "../api/get-notification-settings";
import { usePushSubscription } from "../api/push-subscription";
import { useSaveNotificationSettings } from "../api/save-notification-settings";
import { useSendTestNotification } from "../api/send-test-notification";

/** The lead times offered: 15 minutes to 7 days before a deadline. */
const LEAD_CHOICES = [15, 30, 60, 120, 360, 720, 1440, 2880, 4320, 10080];

/**
 * The player's notifications (docs/rules.md, "Notifications"): push on this device, which kinds go
 * by e-mail and by push, the reminders' lead times, and a test. Every change is saved at once.
 */
export default function NotificationsPage() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const update = (next: NotificationSettings) => {
    const checked = notificationSettingsBody.safeParse(next);
    if (!checked.success) {
      toast({ title: "Not saved", description: checked.error.issues[0]?.message, variant: "destructive" });
      return;
    }
    save.mutate(checked.data, {
      onError: (error) =>
        toast({
          title: "Not saved",
          description: errorMessage(error, "Your change could not be saved. Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        description={
          <>
            What reaches you, and where.{" "}
            <Link href="/settings" className="underline underline-offset-4">
              Back to Settings
            </Link>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <div className="space-y-4">
          <DeviceCard />
          <TestCard />
        </div>
        {settings.data ? (
          <div className="space-y-4">
            <KindsCard settings={settings.data} onChange={update} />
            <RemindersCard settings={settings.data} onChange={update} />
          </div>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(settings.error, "Your notification settings could not be loaded.")}
          </p>
        ) : (
          <Skeleton className="h-96 w-full" role="status" aria-label="Loading your notification settings" />
        )}
      </div>
    </div>
  );
}

function DeviceCard() {
  const push = usePushSubscription();
  const run = (action: () => Promise<void>, done: string) =>
    void action().then(
      () => toast({ title: done }),
      (error: unknown) =>
        toast({
          title: "Push not changed",
          description: errorMessage(error, "Please try again."),
          variant: "destructive",
        }),
    );
  const status: Record<typeof push.state, string> = {
    loading: "Checking this device…",
    unsupported: "Push notifications are not available in this browser.",
    denied:
      "Notifications are blocked for this site. Allow them in your browser's site settings, then reload.",
    on: "Push is on for this device.",
    off: "Push is off for this device.",
  };
  return (
    <Card className="gap-4" role="region" aria-labelledby="device-title">
      <CardHeader>
        <PanelTitle icon={Smartphone} id="device-title">
          This device
        </PanelTitle>
        <CardDescription>
          Get notifications on this phone or computer, even with the app closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm" role="status" data-testid="push-status">
          {status[push.state]}
        </p>
        {push.state === "off" ? (
          <Button
            type="button"
            disabled={push.busy}
            onClick={() => run(push.enable, "Push is on for this device")}
          >
            <BellRing aria-hidden="true" />
            Enable push on this device
          </Button>
        ) : push.state === "on" ? (
          <Button
            type="button"
            variant="outline"
            disabled={push.busy}
            onClick={() => run(push.disable, "Push is off for this device")}
          >
            <BellOff aria-hidden="true" />
            Turn off on this device
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function KindsCard({
  settings,
  onChange,
}: {
  settings: NotificationSettings;
  onChange: (next: NotificationSettings) => void;
}) {
  const toggle = (channel: "email" | "push", kind: NotificationKind, on: boolean) =>
    onChange({ ...settings, [channel]: { ...settings[channel], [kind]: on } });
  return (
    <Card className="gap-4" role="region" aria-labelledby="kinds-title">
      <CardHeader>
        <PanelTitle icon={ListChecks} id="kinds-title">
          What to send
        </PanelTitle>
        <CardDescription>Push goes to every device where you enabled it.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid grid-cols-[1fr_auto_auto] items-center gap-x-4 gap-y-3 text-sm">
          <span />
          <span className="text-xs font-medium text-muted-foreground">E-mail</span>
          <span className="text-xs font-medium text-muted-foreground">Push</span>
          {notificationKinds.map((kind) => {
            const { title, description } = NOTIFICATION_KIND_LABELS[kind];
            return (
              <div key={kind} className="contents" data-testid={`kind-${kind}`}>
                <div>
                  <div className="font-medium">{title}</div>
                  <div className="text-xs text-muted-foreground">{description}</div>
                </div>
                <div className="flex justify-center">
                  {emailNotificationKinds.includes(kind) ? (
                    <Switch
                      aria-label={`${title} by e-mail`}
                      checked={settings.email[kind]}
                      onCheckedChange={(on) => toggle("email", kind, on)}
                    />
                  ) : (
                    <span className="text-xs text-muted-foreground" title="Push only">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{title}: push only</span>
                    </span>
                  )}
                </div>
                <div className="flex justify-center">
                  <Switch
                    aria-label={`${title} by push`}
                    checked={settings.push[kind]}
                    onCheckedChange={(on) => toggle("push", kind, on)}
                  />
                </div>
              </div>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}

function RemindersCard({
  settings,
  onChange,
}: {
  settings: NotificationSettings;
  onChange: (next: NotificationSettings) => void;
}) {
  const leads = settings.reminderLeadMinutes;
  const left = LEAD_CHOICES.filter((minutes) => !leads.includes(minutes));
  const [adding, setAdding] = useState<string>("");
  const setLeads = (next: number[]) =>
    onChange({ ...settings, reminderLeadMinutes: next.sort((a, b) => b - a) });
  const full = leads.length >= REMINDER_LEADS_MAX;
  return (
    <Card className="gap-4" role="region" aria-labelledby="reminders-title">
      <CardHeader>
        <PanelTitle icon={AlarmClock} id="reminders-title">
          Reminders
        </PanelTitle>
        <CardDescription>
          Before a pick deadline, when you still have picks to make. Up to {REMINDER_LEADS_MAX}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {leads.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reminders.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Reminder times">
            {leads.map((minutes) => (
              <li
                key={minutes}
                className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
              >
                <Bell className="size-3.5 text-muted-foreground" aria-hidden="true" />
                {leadLabel(minutes)}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-6 rounded-full"
                  aria-label={`Remove ${leadLabel(minutes)}`}
                  onClick={() => setLeads(leads.filter((lead) => lead !== minutes))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          <Select value={adding} onValueChange={setAdding} disabled={full}>
            <SelectTrigger className="w-48" aria-label="Reminder time to add">
              <SelectValue placeholder={full ? "At most 4 reminders" : "Choose a time"} />
            </SelectTrigger>
            <SelectContent>
              {left.map((minutes) => (
                <SelectItem key={minutes} value={String(minutes)}>
                  {leadLabel(minutes)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            type="button"
            variant="outline"
            disabled={full || !adding}
            onClick={() => {
              setLeads([...leads, Number(adding)]);
              setAdding("");
            }}
          >
            <Plus aria-hidden="true" />
            Add reminder
          </Button>
          {leads.length > 0 ? (
            <Button type="button" variant="ghost" onClick={() => setLeads([])}>
              Turn off reminders
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function TestCard() {
  const test = useSendTestNotification();
  const send = () =>
    test.mutate(undefined, {
      onSuccess: ({ email, devices }) =>
        toast({
          title: "Test notification sent",
          description: [
            email ? "by e-mail" : null,
            devices > 0 ? `to ${devices} device${devices === 1 ? "" : "s"}` : null,
          ]
            .filter(Boolean)
            .join(" and ")
            .replace(/^./, (first) => first.toUpperCase())
            .concat("."),
        }),
      onError: (error) =>
        toast({
          title: "No test sent",
          description: errorMessage(error, "Please try again."),
          variant: "destructive",
        }),
    });
  return (
    <Card className="gap-4" role="region" aria-labelledby="test-title">
      <CardHeader>
        <PanelTitle icon={Send} id="test-title">
          Test
        </PanelTitle>
        <CardDescription>Check that notifications reach you, as your settings say.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="outline" disabled={test.isPending} onClick={send}>
          <Send aria-hidden="true" />
          Send a test notification
        </Button>
      </CardContent>
    </Card>
  );
}
