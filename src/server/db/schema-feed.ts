// The live data feed's tables: its state per source and a line per sync run.
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "./schema-columns";

/**
 * The data feed's state per source: the poller's lease (one instance polls at a time), what ran
 * when (on the app's clock) and the back-off after failures.
 */
export const feedState = pgTable("feed_state", {
  source: text("source").primaryKey(),
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastError: text("last_error"),
  nextSyncAt: timestamp("next_sync_at", { withTimezone: true }),
  lastSeasonSyncAt: timestamp("last_season_sync_at", { withTimezone: true }),
  lastLinesSyncAt: timestamp("last_lines_sync_at", { withTimezone: true }),
  failures: integer("failures").notNull().default(0),
});

/** One line per sync run: what it fetched and what it changed, or why it failed. */
export const feedSyncs = pgTable(
  "feed_syncs",
  {
    id: id(),
    source: text("source").notNull(),
    /** manual (an admin's Sync now), live, lines or season (the poller). */
    kind: text("kind").notNull(),
    season: integer("season").notNull(),
    weeks: integer("weeks").array().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    graded: integer("graded").notNull().default(0),
    skipped: jsonb("skipped").$type<{ eventId: string; reason: string }[]>().notNull().default([]),
    missing: jsonb("missing").$type<{ gameId: string; game: string }[]>().notNull().default([]),
    error: text("error"),
    /** When the row was written, on the database's clock (the times above are the app's). */
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feed_syncs_started_idx").on(t.startedAt)],
);
