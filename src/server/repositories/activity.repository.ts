import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias, union } from "drizzle-orm/pg-core";
import type { ActivityAction } from "@/contracts/constants";
import type { Executor } from "../db/client";
import { IDS_PER_STATEMENT, chunks } from "../db/chunks";
import { activity, contests, users } from "../db/schema";
import { EVENTS_CHANNEL, notifyChangeSql, type ChangeNotice } from "./events.repository";

export interface ActivityEntry {
  actorId: string | null;
  /** A kind of live event too: a new action needs its refresh rule (contracts/constants.ts). */
  action: ActivityAction;
  contestId?: string | null;
  subjectUserId?: string | null;
  details?: Record<string, unknown>;
  /** What the live event says besides the action (a score update's games: ChangeNotice). */
  notice?: Pick<ChangeNotice, "games" | "graded">;
}

/**
 * Writes one line of the activity log; call it inside the transaction of the change it records.
 * Each line gets a time of its own, later than every line before it (clock_timestamp(), not the
 * transaction's now(); PGlite's clock ticks in milliseconds, hence the microsecond step): the time
 * alone then orders the log and pages it without skipping a line.
 * The same transaction announces the change to open pages (live updates), sent at commit only.
 */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await activityInsert(db, entry);
}

/** A new line's time: see `recordActivity`. */
export const activityCreatedAt = sql`greatest(clock_timestamp(), (select max(${activity.createdAt}) from ${activity}) + interval '1 microsecond')`;

/**
 * `recordActivity`'s statement, not run: to run it as part of another (`.getSQL()` in a WITH), which
 * saves a statement. The notice rides on the insert's RETURNING.
 */
export function activityInsert(db: Executor, entry: ActivityEntry) {
  const { notice, ...line } = entry;
  const week = entry.details?.week;
  return db
    .insert(activity)
    .values({ ...line, details: entry.details ?? {}, createdAt: activityCreatedAt })
    .returning({
      notified: notifyChangeSql({
        action: entry.action,
        contestId: entry.contestId ?? null,
        actorId: entry.actorId,
        subjectUserId: entry.subjectUserId ?? null,
        week: typeof week === "number" ? week : null,
        ...notice,
      }),
    });
}

/** At most this many lines per statement (`recordActivities`): one JSON parameter each. */
const LINES_PER_INSERT = 500;

/**
 * The live event of a line, read from the line itself: the notice `activityInsert` sends for an entry
 * with no `notice` (action, contestId, actorId, subjectUserId, week, in that order; equal as JSON).
 * For `recordActivities`' RETURNING, where each row announces itself.
 */
const lineNoticeSql = sql`pg_notify(${EVENTS_CHANNEL}, json_build_object(
    'action', ${activity.action},
    'contestId', ${activity.contestId},
    'actorId', ${activity.actorId},
    'subjectUserId', ${activity.subjectUserId},
    'week', case when jsonb_typeof(${activity.details} -> 'week') = 'number' then ${activity.details} -> 'week' end
  )::text)`;

/**
 * Many lines of the log at once (`recordActivity` for each, set-based): one insert per
 * `LINES_PER_INSERT` lines, each line with a time of its own, later than every line before it, in
 * the entries' order (`activityCreatedAt` once per statement, then a microsecond each), and each
 * announced to open pages as `recordActivity` would (a notice per line, at commit). Entries carry no
 * `notice`: the live event is read from the line.
 */
export async function recordActivities(
  db: Executor,
  entries: readonly Omit<ActivityEntry, "notice">[],
): Promise<void> {
  for (let at = 0; at < entries.length; at += LINES_PER_INSERT) {
    const lines = entries.slice(at, at + LINES_PER_INSERT).map((entry, k) => ({
      k,
      actor_id: entry.actorId,
      action: entry.action,
      contest_id: entry.contestId ?? null,
      subject_user_id: entry.subjectUserId ?? null,
      details: entry.details ?? {},
    }));
    await db.execute(sql`insert into ${activity} (actor_id, action, contest_id, subject_user_id, details, created_at)
      select s.actor_id, s.action, s.contest_id, s.subject_user_id, s.details,
        (select ${activityCreatedAt}) + s.k * interval '1 microsecond'
      from json_to_recordset(${JSON.stringify(lines)}::json)
        as s(k int, actor_id uuid, action text, contest_id uuid, subject_user_id uuid, details jsonb)
      order by s.k
      returning ${lineNoticeSql}`);
  }
}

export interface ActivityFilter {
  /** Lines this user did or that were done to them. */
  userId?: string;
  /** ISO time: only lines strictly older. Microseconds count. */
  before?: string;
  limit: number;
}

const actor = alias(users, "actor");
const subject = alias(users, "subject");
const winner = alias(users, "winner");
const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string | null>`${table.firstName} || ' ' || ${table.lastName}`;

/** contest.completed names its winner in its details; the guard keeps a stray value from failing the cast. */
const winnerId = (details: AnyColumn) =>
  sql`case when ${details} ->> 'winnerId' ~* '^[0-9a-f-]{36}$' then (${details} ->> 'winnerId')::uuid end`;

/**
 * One page of the log, newest first, with the names it mentions joined in the same query. With a
 * user, each side of the union walks its own (user, created_at) index and stops after `limit` rows.
 */
export function listActivity(db: Executor, filter: ActivityFilter) {
  const older = filter.before ? sql`${activity.createdAt} < ${filter.before}::timestamptz` : undefined;
  const newest = (where: SQL | undefined) =>
    db
      .select()
      .from(activity)
      .where(where)
      .orderBy(desc(activity.createdAt), desc(activity.id))
      .limit(filter.limit);
  const lines = filter.userId
    ? union(
        newest(and(eq(activity.actorId, filter.userId), older)),
        newest(and(eq(activity.subjectUserId, filter.userId), older)),
      ).as("lines")
    : newest(older).as("lines");

  return db
    .select({
      id: lines.id,
      createdAt: lines.createdAt,
      // The exact time, microseconds included, for the next page's cursor.
      cursor: sql<string>`to_char(${lines.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: lines.action,
      details: lines.details,
      contestId: lines.contestId,
      contestName: contests.name,
      actorId: actor.id,
      actorName: fullName(actor),
      subjectId: subject.id,
      subjectName: fullName(subject),
      winnerName: fullName(winner),
    })
    .from(lines)
    .leftJoin(actor, eq(actor.id, lines.actorId))
    .leftJoin(subject, eq(subject.id, lines.subjectUserId))
    .leftJoin(contests, eq(contests.id, lines.contestId))
    .leftJoin(winner, eq(winner.id, winnerId(lines.details)))
    .orderBy(desc(lines.createdAt), desc(lines.id))
    .limit(filter.limit);
}

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];

/** The weeks of these contests (among `weeks`) already told settled: their `week.settled` lines. */
export async function settledWeeksTold(
  db: Executor,
  contestIds: readonly string[],
  weeks: readonly number[],
): Promise<{ contestId: string; week: number }[]> {
  const week = sql<number>`(${activity.details} ->> 'week')::int`;
  const told: { contestId: string; week: number }[] = [];
  for (const ids of chunks(contestIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .select({ contestId: activity.contestId, week })
      .from(activity)
      .where(
        and(inArray(activity.contestId, ids), eq(activity.action, "week.settled"), inArray(week, [...weeks])),
      );
    for (const row of rows) told.push({ contestId: row.contestId!, week: row.week });
  }
  return told;
}
