import { isKindOn, type NotificationKind, type PushPayload } from "@/contracts/notifications";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { emailRow, pushRow, queueOutbox, type NewOutboxRow } from "../repositories/outbox.repository";
import { settingsOf, subscriptionsOf, type PushSubscriptionRow } from "../repositories/push.repository";

/** An e-mail's words: what `notice-texts.ts` writes for each kind of notice. */
export interface EmailContent {
  subject: string;
  text: string;
}

export interface Recipient {
  id: string;
  email: string;
}

export interface Notice {
  kind: NotificationKind;
  to: Recipient;
  /** The e-mail; its outbox kind is `kind` unless `outboxKind` says otherwise (the invitation). */
  email: EmailContent & { outboxKind?: string; headers?: Record<string, string>; replyTo?: string };
  push: PushPayload;
}

export interface Dispatched {
  email: boolean;
  devices: number;
}

/** Whether a kind is on for a channel: as the player set it, else the kind's default (`isKindOn`). */
export const isOn = (
  switches: Record<string, boolean> | undefined,
  kind: NotificationKind,
  channel: "email" | "push",
) => isKindOn(switches, kind, channel);

/**
 * Writes one notification for one player into the outbox, INSIDE the transaction of the change that
 * causes it: an e-mail if e-mail is on for its kind, and one push row per device of the player if
 * push is on. Kick the mailer once the transaction has committed; it delivers both channels.
 */
export async function queueNotice(ctx: AppContext, tx: Executor, notice: Notice): Promise<Dispatched> {
  const [result] = await queueNotices(ctx, tx, [notice]);
  return result!;
}

/**
 * `notify` for many notices at once (a Sunday's settled weeks), same rules: the recipients'
 * settings and devices read in one statement each, then every outbox row (e-mails and pushes, in
 * the notices' order) in multi-row inserts (`queueOutbox`). What each notice sent, in their order.
 */
export async function queueNotices(
  ctx: AppContext,
  tx: Executor,
  notices: readonly Notice[],
): Promise<Dispatched[]> {
  if (notices.length === 0) return [];
  const userIds = [...new Set(notices.map((notice) => notice.to.id))];
  const [settings, subscriptions] = await Promise.all([
    settingsOf(tx, userIds),
    subscriptionsOf(tx, userIds),
  ]);
  const settingsByUser = new Map(settings.map((row) => [row.userId, row]));
  const devicesByUser = new Map<string, PushSubscriptionRow[]>();
  for (const device of subscriptions) {
    const devices = devicesByUser.get(device.userId);
    if (devices) devices.push(device);
    else devicesByUser.set(device.userId, [device]);
  }
  const rows: NewOutboxRow[] = [];
  const results = notices.map((notice): Dispatched => {
    const own = settingsByUser.get(notice.to.id);
    const result: Dispatched = { email: false, devices: 0 };
    if (isOn(own?.email, notice.kind, "email")) {
      const { outboxKind, subject, text, headers, replyTo } = notice.email;
      rows.push(
        emailRow({
          kind: outboxKind ?? notice.kind,
          to: notice.to.email,
          subject,
          text,
          headers,
          replyTo,
          deliver: ctx.mailer.enabled,
        }),
      );
      result.email = true;
    }
    if (isOn(own?.push, notice.kind, "push")) {
      for (const device of devicesByUser.get(notice.to.id) ?? []) {
        rows.push(
          pushRow({
            kind: notice.kind,
            to: notice.to.email,
            subscriptionId: device.id,
            payload: notice.push,
          }),
        );
        result.devices += 1;
      }
    }
    return result;
  });
  await queueOutbox(tx, rows);
  return results;
}
