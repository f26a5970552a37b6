import { z } from "zod";

export const OUTBOX_PAGE_DEFAULT = 20;
export const OUTBOX_PAGE_MAX = 100;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_MESSAGE_MAX = 10_000;

export const outboxStatus = z.enum(["queued", "sent", "failed", "kept"]);
export type OutboxStatus = z.infer<typeof outboxStatus>;

/**
 * What caused a mail: the invitation, "your turn to pick", a proposal or bet change, an admin's
 * message, or another notification (src/contracts/notifications.ts), a test, a password reset's
 * link and its confirmation, an e-mail change's link (to the new address) and its notice (to the
 * old one), or a day's many failed sign-ins.
 */
export const emailKind = z.enum([
  "invitation",
  "your-turn",
  "proposal",
  "bet-change",
  "message",
  "reminder",
  "opponent-picks",
  "challenge",
  "week-settled",
  "week-recap",
  "messages",
  "test",
  "account-deleted",
  "password-reset",
  "password-changed",
  "email-change",
  "email-change-notice",
  "sign-in-failures",
]);
export type EmailKind = z.infer<typeof emailKind>;

/** One mail of the outbox, as GET /api/admin/outbox lists it. */
export const outboxEntry = z.object({
  id: z.uuid(),
  kind: z.string(),
  toAddress: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  /** queued (waiting, or retrying after a failure), sent, failed (gave up), kept (no SMTP configured). */
  status: outboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When a queued mail is tried (again); null once sent, failed or kept. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

const limitMessage = `Limit must be between 1 and ${OUTBOX_PAGE_MAX}`;

/** GET /api/admin/outbox: newest first, a page at a time. */
export const outboxQuery = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(OUTBOX_PAGE_MAX, limitMessage)
    .default(OUTBOX_PAGE_DEFAULT),
  /** The previous page's `nextCursor`. */
  before: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z\|[0-9a-f-]{36}$/i, "Invalid cursor")
    .optional(),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

export const outboxPage = z.object({
  entries: z.array(outboxEntry),
  /** Whether mail leaves by SMTP; false means new mail is kept here. */
  smtpConfigured: z.boolean(),
  /** Pass as `before` for the next page; null when there is nothing older. */
  nextCursor: z.string().nullable(),
});
export type OutboxPage = z.infer<typeof outboxPage>;

export const outboxIdParams = z.object({ id: z.uuid("E-mail not found.") });

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

/** POST /api/users/{id}/email (admins): the Send Email dialog. */
export const sendEmailBody = z.object({
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(EMAIL_SUBJECT_MAX, `Subject must be ${EMAIL_SUBJECT_MAX} characters or fewer`)
    .refine(noLineBreaks, "Subject must be one line"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(
      EMAIL_MESSAGE_MAX,
      `Message must be ${EMAIL_MESSAGE_MAX.toLocaleString("en-US")} characters or fewer`,
    ),
});
export type SendEmailBody = z.infer<typeof sendEmailBody>;

/** The answer to Send Email: the queued mail. */
export const sentEmail = outboxEntry;
