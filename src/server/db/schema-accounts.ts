// The accounts' tables: people, their sessions and single-use links, their failed sign-ins and
// sign-in devices, their push devices and their notification choices. Exported with the rest from
// schema.ts, which drizzle-kit reads.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./schema-columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash"),
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: createdAt(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    /** The secret of the player's calendar feed's URL; null until first asked for, replaced by "Reset link". */
    calendarToken: text("calendar_token"),
    /** When the person deleted their account: the row stays, erased ("Former player"), for the contests' history. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_calendar_token_key").on(t.calendarToken),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token: a leaked table does not yield usable cookies. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The browser's User-Agent at sign-in: the device, as the signed-in devices list names it. */
    userAgent: text("user_agent"),
    /** The last request seen (moved when the session is extended, at most once a day). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Single-use links sent by mail or handed over: a password reset, or the confirmation of a new
 * e-mail address. Stored only as the SHA-256 of the token, like sessions.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password_reset", "email_change"] }).notNull(),
    /** The address an e-mail change moves to (purpose email_change). */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId)],
);

/**
 * Failed sign-ins for an e-mail address, an account's or one no account uses (counted alike, so the
 * answers do not tell them apart): the run that makes sign-ins from unknown devices wait, and the
 * day's count that tells the account's owner (src/domain/sign-in-waits.ts).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    /** Lower-cased. */
    email: text("email").primaryKey(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    dayStartedAt: timestamp("day_started_at", { withTimezone: true }),
    dayFailures: integer("day_failures").notNull().default(0),
    /** When the owner was last mailed about failures. */
    toldAt: timestamp("told_at", { withTimezone: true }),
  },
  (t) => [index("sign_in_failures_last_failure_idx").on(t.lastFailureAt)],
);

/**
 * Devices an account signed in on (its device cookie): a sign-in from one is held only by that
 * device's own run of failures, never by the account's. Stored as the SHA-256 of the cookie's token.
 */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /** A year after its last sign-in. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_devices_user_idx").on(t.userId)],
);

/** A browser's Web Push subscription (one per device); removed when its push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    /** The signed-in device it was subscribed from: signing that device out removes it. */
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * A user's notification choices: per channel (`email`, `push`) and kind, on unless set false; the
 * reminders' lead times in minutes before the deadline (an empty list turns reminders off).
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: jsonb("email").$type<Record<string, boolean>>().notNull().default({}),
  push: jsonb("push").$type<Record<string, boolean>>().notNull().default({}),
  reminderLeadMinutes: integer("reminder_lead_minutes")
    .array()
    .notNull()
    .default(sql`'{1440,120}'`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
