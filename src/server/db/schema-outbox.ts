// The outbox: every e-mail and push notification waiting to go out, written in the transaction of
// the change that causes it.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { pushSubscriptions } from "./schema-accounts";
import { createdAt, id } from "./schema-columns";

/**
 * E-mail waiting to go out, written in the transaction of the change that causes it (a rolled-back
 * change sends nothing). `queued` rows are delivered by the mailer when SMTP is configured; without
 * it they are `kept`, readable by admins. `next_attempt_at` is both the retry back-off and the lease
 * of an instance that claimed the row.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    /** invitation, your-turn, proposal, bet-change, message (an admin's Send Email). */
    kind: text("kind").notNull().default("message"),
    /** email, or push (to `push_subscription_id`, the notification's JSON in `payload`). */
    channel: text("channel", { enum: ["email", "push"] })
      .notNull()
      .default("email"),
    pushSubscriptionId: uuid("push_subscription_id").references(() => pushSubscriptions.id, {
      onDelete: "cascade",
    }),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /** Extra e-mail headers (List-Unsubscribe and List-Unsubscribe-Post of a reminder). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "kept"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_status_idx").on(t.status, t.createdAt),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_created_idx").on(t.createdAt, t.id),
  ],
);
