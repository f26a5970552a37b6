import {
  DEFAULT_REMINDER_LEADS,
  emailNotificationKinds,
  notificationKinds,
  type NotificationKind,
  type NotificationSettings,
  type PushSubscriptionBody,
  type TestNotificationResult,
} from "@/contracts/notifications";
import type { AppContext } from "../context";
import { badRequest, conflict, notFound } from "../errors";
import { queueEmail, queuePush } from "../repositories/outbox.repository";
import * as pushRepo from "../repositories/push.repository";
import type { UserRow } from "../repositories/users.repository";
import { testNotice } from "./notice-texts";
import { isPushServiceHost } from "./push-delivery";
import { isOn } from "./queue-notices";
import { vapidKeys } from "./vapid";

export async function vapidPublicKey(ctx: AppContext): Promise<{ key: string }> {
  const { publicKey } = await vapidKeys(ctx.db, ctx.env);
  return { key: publicKey };
}

/**
 * Stores this device's subscription for the user (an endpoint another user held becomes theirs),
 * tied to the session it came from: signing that session out removes it.
 * The endpoint must be on a known push service (400 otherwise): the server will post to it. The
 * delivery checks it again, against the list as it is then.
 */
export async function subscribe(
  ctx: AppContext,
  user: UserRow,
  body: PushSubscriptionBody,
  device: { userAgent: string | undefined; sessionId: string | null },
): Promise<void> {
  if (!isPushServiceHost(new URL(body.endpoint).hostname, ctx.env.PUSH_SERVICE_HOSTS)) {
    throw badRequest("This push service is not supported: use Chrome, Firefox, Edge or Safari.", "endpoint");
  }
  await pushRepo.upsertSubscription(ctx.db, {
    userId: user.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: device.userAgent?.slice(0, 300) ?? null,
    sessionId: device.sessionId,
  });
}

/** Removes one of the user's devices; another user's endpoint is not theirs to remove (404). */
export async function unsubscribe(ctx: AppContext, user: UserRow, endpoint: string): Promise<void> {
  if (!(await pushRepo.deleteUserSubscription(ctx.db, user.id, endpoint))) {
    throw notFound("This device is not subscribed.");
  }
}

const allOn = () =>
  Object.fromEntries(notificationKinds.map((kind) => [kind, true])) as NotificationSettings["email"];

/** The user's choices: each kind as they set it, else its default (on, but a message by e-mail). */
export async function getSettings(ctx: AppContext, user: UserRow): Promise<NotificationSettings> {
  const row = await pushRepo.findSettings(ctx.db, user.id);
  const switches = (stored: Record<string, boolean> | undefined, channel: "email" | "push") => {
    const result = allOn();
    for (const kind of notificationKinds) result[kind] = isOn(stored, kind, channel);
    return result;
  };
  return {
    email: switches(row?.email, "email"),
    push: switches(row?.push, "push"),
    reminderLeadMinutes: row?.reminderLeadMinutes ?? [...DEFAULT_REMINDER_LEADS],
  };
}

export async function saveSettings(
  ctx: AppContext,
  user: UserRow,
  body: NotificationSettings,
): Promise<NotificationSettings> {
  const reminderLeadMinutes = [...body.reminderLeadMinutes].sort((a, b) => b - a);
  await pushRepo.saveSettings(ctx.db, {
    userId: user.id,
    email: body.email,
    push: body.push,
    reminderLeadMinutes,
  });
  return { ...body, reminderLeadMinutes };
}

/**
 * A test notification: by e-mail when any kind is on for e-mail, and to every device when any kind
 * is on for push. 409 when that is nothing at all.
 */
export async function sendTest(ctx: AppContext, user: UserRow): Promise<TestNotificationResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const [settings, devices] = await Promise.all([
      pushRepo.findSettings(tx, user.id),
      pushRepo.userSubscriptions(tx, user.id),
    ]);
    const anyOn = (
      switches: Record<string, boolean> | undefined,
      kinds: readonly NotificationKind[],
      channel: "email" | "push",
    ) => kinds.some((kind) => isOn(switches, kind, channel));
    const email = anyOn(settings?.email, emailNotificationKinds, "email");
    const pushTo = anyOn(settings?.push, notificationKinds, "push") ? devices : [];
    if (!email && pushTo.length === 0) {
      throw conflict(
        devices.length === 0
          ? "Nothing to send: e-mail notifications are off and push is not enabled on any device."
          : "Nothing to send: every notification is turned off.",
      );
    }
    const content = testNotice(ctx, user);
    if (email) {
      await queueEmail(tx, {
        kind: "test",
        to: user.email,
        subject: content.email.subject,
        text: content.email.text,
        deliver: ctx.mailer.enabled,
      });
    }
    for (const device of pushTo) {
      await queuePush(tx, { kind: "test", to: user.email, subscriptionId: device.id, payload: content.push });
    }
    return { email, devices: pushTo.length };
  });
  ctx.mailer.kick();
  return result;
}
