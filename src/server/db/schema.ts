import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { RulePlan } from "../../domain/contest-rules";
import type { RoundPlan } from "../../domain/rounds";

import { createdAt, id } from "./schema-columns";
import { users } from "./schema-accounts";

// The accounts' tables (users, sessions, account tokens, devices, notification choices).
export * from "./schema-accounts";
// The data feed's tables (its state, its sync runs), and the outbox.
export * from "./schema-feed";
export * from "./schema-outbox";

/** Lines are decimal strings on the wire; numeric keeps them exact. */
const line = (name: string) => numeric(name, { precision: 4, scale: 1 });

export const teams = pgTable("teams", {
  id: id(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  conference: text("conference"),
  division: text("division"),
  isActive: boolean("is_active").notNull().default(true),
});

export const games = pgTable(
  "games",
  {
    id: id(),
    season: integer("season").notNull(),
    week: integer("week").notNull(),
    homeTeam: text("home_team")
      .notNull()
      .references(() => teams.code, { onUpdate: "cascade" }),
    awayTeam: text("away_team")
      .notNull()
      .references(() => teams.code, { onUpdate: "cascade" }),
    gameDate: timestamp("game_date", { withTimezone: true }).notNull(),
    spread: line("spread"),
    overUnder: line("over_under"),
    favoriteTeam: text("favorite_team"),
    status: text("status", { enum: ["upcoming", "live", "final", "postponed", "canceled"] })
      .notNull()
      .default("upcoming"),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    /** From the data feed while a game is live (and kept at its final): quarter, clock, halftime. */
    period: integer("period"),
    clock: text("clock"),
    phase: text("phase", { enum: ["halftime", "end_period"] }),
    /** The data feed's source ("espn") and its id of the game: stable across reschedules. */
    externalSource: text("external_source"),
    externalId: text("external_id"),
    /** Fields an admin set by hand (line, kickoff, score, status): the feed leaves them alone. */
    pinned: text("pinned", { enum: ["line", "kickoff", "score", "status"] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("games_matchup_key").on(t.season, t.week, t.homeTeam, t.awayTeam),
    uniqueIndex("games_external_key").on(t.externalSource, t.externalId),
    index("games_season_week_idx").on(t.season, t.week, t.gameDate),
    check("games_teams_differ", sql`${t.homeTeam} <> ${t.awayTeam}`),
    check(
      "games_scores_nonnegative",
      sql`coalesce(${t.homeScore}, 0) >= 0 and coalesce(${t.awayScore}, 0) >= 0`,
    ),
  ],
);

export const contests = pgTable(
  "contests",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: ["pending", "active", "completed", "rejected"] })
      .notNull()
      .default("pending"),
    player1Id: uuid("player1_id")
      .notNull()
      .references(() => users.id),
    player2Id: uuid("player2_id").references(() => users.id),
    player2Email: text("player2_email").notNull(),
    /** Whole dollars per week; 0 when free. */
    betAmount: integer("bet_amount").notNull().default(0),
    isFree: boolean("is_free").notNull().default(false),
    season: integer("season").notNull(),
    startWeek: integer("start_week").notNull().default(1),
    totalWeeks: integer("total_weeks").notNull().default(18),
    maxPicksPerPlayer: integer("max_picks_per_player").notNull().default(2),
    winnerId: uuid("winner_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /**
     * Moves on with every change to the contest and every write made under its lock: a pick
     * submission checked without the lock is stored only if it has not moved since (pick-submissions.repository.ts).
     */
    revision: integer("revision").notNull().default(0),
    /**
     * Custom rounds, each plan from a week on: a week plays the plan with the latest `fromWeek` at or
     * before it. Null (or a week before the first plan) plays one round of `max_picks_per_player`
     * picks each. An edit adds a plan from the contest's next week without picks (docs/rules.md).
     */
    roundPlans: jsonb("round_plans").$type<RoundPlan[]>(),
    /**
     * The contest's options of play (the weekly tiebreaker), each plan from a week on, as
     * `round_plans`. Null plays the plain rules every week (docs/rules.md, "Contest options").
     */
    rulePlans: jsonb("rule_plans").$type<RulePlan[]>(),
    /**
     * The bet's multiplier in each postseason round (Wild Card, Divisional, Conference
     * Championships, Super Bowl), for a contest that plays the postseason (its last week is 22).
     * Null: 1× in each (docs/rules.md, "The postseason").
     */
    postseasonMultipliers: jsonb("postseason_multipliers").$type<number[]>(),
    /** The contest this one is the rematch of: their seasons read as one rivalry. */
    predecessorId: uuid("predecessor_id").references((): AnyPgColumn => contests.id),
  },
  (t) => [
    index("contests_player1_idx").on(t.player1Id),
    /** One rematch of a contest at a time: a declined or archived one may be proposed again. */
    uniqueIndex("contests_one_rematch_key")
      .on(t.predecessorId)
      .where(sql`${t.predecessorId} is not null and ${t.status} <> 'rejected' and ${t.archivedAt} is null`),
    index("contests_player2_idx").on(t.player2Id),
    index("contests_player2_email_idx").on(sql`lower(${t.player2Email})`),
    check("contests_bet_nonnegative", sql`${t.betAmount} >= 0`),
    check("contests_max_picks_positive", sql`${t.maxPicksPerPlayer} >= 1`),
  ],
);

export const picks = pgTable(
  "picks",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id),
    week: integer("week").notNull(),
    round: integer("round").notNull().default(1),
    market: text("market", { enum: ["spread", "total"] }).notNull(),
    side: text("side", { enum: ["favorite", "underdog", "over", "under"] }).notNull(),
    /** The line when the pick was made: it is graded against this, whatever happens to the game's line later. */
    lineSpread: line("line_spread"),
    lineFavorite: text("line_favorite"),
    lineTotal: line("line_total"),
    /** The player's lock of the week: it counts two wins, or two losses (docs/rules.md, "Contest options"). */
    isLock: boolean("is_lock").notNull().default(false),
    result: text("result", { enum: ["pending", "win", "loss", "push"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    // The table also holds json_head, the pick's JSON up to its result, which a trigger writes from
    // these columns (drizzle/0005_pick_json_head.sql, 0007); left out here, so that no row read or
    // written through Drizzle carries it. Read by contest-picks.repository.ts (`picksTextOf`). Its
    // pages are inserted half full (drizzle/0006_picks_fillfactor.sql): a grade fits beside its pick.
  },
  (t) => [
    // A player picks a game and market once; two players never hold the same side.
    uniqueIndex("picks_player_game_market_key").on(t.contestId, t.userId, t.gameId, t.market),
    uniqueIndex("picks_game_side_key").on(t.contestId, t.gameId, t.market, t.side),
    // A player's one lock of the week.
    uniqueIndex("picks_one_lock_key")
      .on(t.contestId, t.week, t.userId)
      .where(sql`${t.isLock}`),
    index("picks_contest_week_idx").on(t.contestId, t.week),
    index("picks_game_idx").on(t.gameId),
    check(
      "picks_side_matches_market",
      sql`(${t.market} = 'spread' and ${t.side} in ('favorite', 'underdog')) or (${t.market} = 'total' and ${t.side} in ('over', 'under'))`,
    ),
  ],
);

/** A player's guess of the total points of a week's last game, for the weekly tiebreaker. */
export const tiebreakGuesses = pgTable(
  "tiebreak_guesses",
  {
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    week: integer("week").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    guess: integer("guess").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.week, t.userId] }),
    check("tiebreak_guesses_guess_range", sql`${t.guess} between 0 and 200`),
  ],
);

export const firstPickerAssignments = pgTable(
  "first_picker_assignments",
  {
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    week: integer("week").notNull(),
    firstPickerId: uuid("first_picker_id")
      .notNull()
      .references(() => users.id),
    isManualOverride: boolean("is_manual_override").notNull().default(true),
    updatedBy: uuid("updated_by").references(() => users.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.week] })],
);

export const systemConfig = pgTable("system_config", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const activity = pgTable(
  "activity",
  {
    id: id(),
    createdAt: createdAt(),
    actorId: uuid("actor_id").references(() => users.id),
    action: text("action").notNull(),
    contestId: uuid("contest_id").references(() => contests.id),
    subjectUserId: uuid("subject_user_id").references(() => users.id),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("activity_created_idx").on(t.createdAt),
    index("activity_actor_idx").on(t.actorId, t.createdAt),
    index("activity_subject_idx").on(t.subjectUserId, t.createdAt),
    index("activity_contest_idx").on(t.contestId, t.createdAt),
  ],
);

export const gameProposals = pgTable(
  "game_proposals",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id),
    week: integer("week").notNull(),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: ["pending", "accepted", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("game_proposals_contest_game_key").on(t.contestId, t.gameId)],
);

export const betChanges = pgTable(
  "bet_changes",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => users.id),
    fromWeek: integer("from_week").notNull(),
    newAmount: integer("new_amount").notNull(),
    status: text("status", { enum: ["proposed", "approved", "rejected"] })
      .notNull()
      .default("proposed"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    index("bet_changes_contest_idx").on(t.contestId),
    check("bet_changes_amount", sql`${t.newAmount} >= 0`),
  ],
);

/**
 * Reminders before a pick deadline: at most one per player, contest, week, subject and lead time (the unique
 * key), planned when due and claimed by one instance (`FOR UPDATE SKIP LOCKED`), which writes its
 * outbox rows in the same transaction.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    week: integer("week").notNull(),
    /** What the player is reminded of: their picks, or their tiebreaker guess once their picks are in. */
    about: text("about", { enum: ["picks", "tiebreak"] })
      .notNull()
      .default("picks"),
    leadMinutes: integer("lead_minutes").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /** planned, sent, or skipped (the player picked, the week or contest ended before it was due). */
    status: text("status", { enum: ["planned", "sent", "skipped"] })
      .notNull()
      .default("planned"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reminders_once_key").on(t.userId, t.contestId, t.week, t.about, t.leadMinutes),
    index("reminders_due_idx").on(t.status, t.dueAt),
  ],
);

/**
 * A week's recap, one per player, made once when the week settles (docs/rules.md, "Week recap"):
 * the result, each pick against its line, the best cover and the worst beat, the season so far,
 * from that player's side (`body`, the contract's `weekRecap`). The Dashboard shows a contest's
 * latest; the "week-recap" notice is written from it.
 */
export const weekRecaps = pgTable(
  "week_recaps",
  {
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    week: integer("week").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.week, t.userId] }),
    index("week_recaps_user_idx").on(t.userId, t.contestId, t.week),
  ],
);

/**
 * A completed contest's season in review shared by a link anyone may open (docs/rules.md, "Season
 * in review"): a random token, until a player revokes it. One live link per contest.
 */
export const contestShares = pgTable(
  "contest_shares",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    token: text("token").notNull().unique(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("contest_shares_one_live_key")
      .on(t.contestId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Each move of a game's line until its kickoff, from the data feed or an admin's hand (docs/rules.md,
 * "Where the line went"): the first is the opening line, the last before the kickoff the closing one.
 */
export const lineMoves = pgTable(
  "line_moves",
  {
    id: id(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    /** On the app's clock. */
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
    spread: line("spread"),
    favoriteTeam: text("favorite_team"),
    overUnder: line("over_under"),
    /** feed, admin, or import (a CSV). */
    source: text("source").notNull(),
  },
  (t) => [index("line_moves_game_idx").on(t.gameId, t.movedAt)],
);

/**
 * A contest's trash talk (docs/rules.md, "Trash talk"): short plain-text messages of its players
 * and the admins, newest last; a message is deleted by its author or an admin.
 */
export const contestMessages = pgTable(
  "contest_messages",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contest_messages_contest_idx").on(t.contestId, t.createdAt),
    check("contest_messages_body_length", sql`char_length(${t.body}) between 1 and 500`),
  ],
);
