import { z } from "zod";

/**
 * What a notification is about. Each may go by e-mail and by push to each of the player's devices,
 * as their settings say (on unless turned off). Invitations to someone without an account and
 * admins' messages are e-mail only.
 */
export const notificationKinds = [
  "your-turn",
  "reminder",
  "opponent-picks",
  "challenge",
  "week-settled",
  "week-recap",
  "proposals",
  "messages",
] as const;
export const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

/** The kinds that may go by e-mail; the opponent's picks are push only (e-mail keeps to what needs an answer). */
export const emailNotificationKinds: readonly NotificationKind[] = notificationKinds.filter(
  (kind) => kind !== "opponent-picks",
);

/** The kinds off on a channel until turned on (every other is on until turned off). */
export const OFF_BY_DEFAULT: Record<"email" | "push", readonly NotificationKind[]> = {
  email: ["messages"],
  push: [],
};

/** Whether a kind is on for a channel, by the player's switches and the kind's default. */
export const isKindOn = (
  switches: Record<string, boolean> | undefined,
  kind: NotificationKind,
  channel: "email" | "push",
): boolean => switches?.[kind] ?? !OFF_BY_DEFAULT[channel].includes(kind);

/** The screen's label of each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  "your-turn": { title: "Your turn", description: "Your opponent made their picks and it's your turn." },
  reminder: { title: "Reminders", description: "Before the deadline, when you still have picks to make." },
  "opponent-picks": { title: "Opponent's picks", description: "Your opponent made picks." },
  challenge: { title: "Challenges", description: "A challenge to you, and the answer to yours." },
  "week-settled": { title: "Week results", description: "A week of a contest is settled, with its result." },
  "week-recap": {
    title: "Week recap",
    description:
      "How a settled week went: each pick against its line, the best cover, the worst beat, the season so far.",
  },
  messages: {
    title: "Messages",
    description: "Your opponent wrote in a contest's trash talk.",
  },
  proposals: {
    title: "Proposals",
    description: "Your opponent proposes a new bet or an additional game, waiting for your answer.",
  },
};

/** The JSON a push message carries; the service worker shows it and opens `url` on a click. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** An in-app path, such as `/picks?contestId=…&week=3`. */
  url: z.string().startsWith("/"),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

const base64url = z
  .string({ error: "Must be a base64url string" })
  .min(1, "Must not be empty")
  .max(256, "Too long")
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Must be a base64url string");

export const PUSH_ENDPOINT_MAX = 2048;
const endpoint = z
  .url({ protocol: /^https$/, error: "The endpoint must be an https URL" })
  .max(PUSH_ENDPOINT_MAX, "The endpoint is too long");

/** POST /api/push/subscriptions: a browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions */
export const deletePushSubscriptionBody = z.object({ endpoint });
export type DeletePushSubscriptionBody = z.infer<typeof deletePushSubscriptionBody>;

export const vapidPublicKey = z.object({ key: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKey>;

export const REMINDER_LEAD_MIN = 15;
export const REMINDER_LEAD_MAX = 7 * 24 * 60;
export const REMINDER_LEADS_MAX = 4;
export const DEFAULT_REMINDER_LEADS = [1440, 120];

const leadMessage = "A reminder must be between 15 minutes and 7 days before the deadline";
const kindSwitches = z.object(
  Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);

/** GET and PUT /api/me/notifications */
export const notificationSettingsBody = z.object({
  email: kindSwitches,
  push: kindSwitches,
  reminderLeadMinutes: z
    .array(
      z
        .number({ error: leadMessage })
        .int(leadMessage)
        .min(REMINDER_LEAD_MIN, leadMessage)
        .max(REMINDER_LEAD_MAX, leadMessage),
    )
    .max(REMINDER_LEADS_MAX, `At most ${REMINDER_LEADS_MAX} reminders`)
    .refine((leads) => new Set(leads).size === leads.length, "Each reminder time may appear once"),
});
export type NotificationSettings = z.infer<typeof notificationSettingsBody>;

/** The answer to POST /api/me/notifications/test: what was queued. */
export const testNotificationResult = z.object({ email: z.boolean(), devices: z.number().int() });
export type TestNotificationResult = z.infer<typeof testNotificationResult>;

/** "24 hours before", "2 hours before", "30 minutes before", "2 days before". */
export function leadLabel(minutes: number): string {
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? "" : "s"} before`;
  if (minutes % 1440 === 0 && minutes > 1440) return unit(minutes / 1440, "day");
  if (minutes % 60 === 0) return unit(minutes / 60, "hour");
  return unit(minutes, "minute");
}
