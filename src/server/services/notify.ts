import type { NotificationKind, PushPayload } from "@/contracts/notifications";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { queueEmail, queuePush } from "../repositories/outbox.repository";
import { findSettings, userSubscriptions } from "../repositories/push.repository";
import type { EmailContent } from "./notifications";

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

/** Whether a kind is on for a channel: on unless the player turned it off. */
export const isOn = (switches: Record<string, boolean> | undefined, kind: string) =>
  switches?.[kind] !== false;

/**
 * Writes one notification for one player into the outbox, INSIDE the transaction of the change that
 * causes it: an e-mail if e-mail is on for its kind, and one push row per device of the player if
 * push is on. Kick the mailer once the transaction has committed; it delivers both channels.
 */
export async function notify(ctx: AppContext, tx: Executor, notice: Notice): Promise<Dispatched> {
  const [settings, devices] = await Promise.all([
    findSettings(tx, notice.to.id),
    userSubscriptions(tx, notice.to.id),
  ]);
  const result: Dispatched = { email: false, devices: 0 };
  if (isOn(settings?.email, notice.kind)) {
    const { outboxKind, subject, text, headers, replyTo } = notice.email;
    await queueEmail(tx, {
      kind: outboxKind ?? notice.kind,
      to: notice.to.email,
      subject,
      text,
      headers,
      replyTo,
      deliver: ctx.mailer.enabled,
    });
    result.email = true;
  }
  if (isOn(settings?.push, notice.kind)) {
    for (const device of devices) {
      await queuePush(tx, {
        kind: notice.kind,
        to: notice.to.email,
        subscriptionId: device.id,
        payload: notice.push,
      });
      result.devices += 1;
    }
  }
  return result;
}
