import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Sized } from "../db/read-cache";
import { betChanges, contests, gameProposals, games, picks } from "../db/schema";
import { live, type ContestRow } from "./contests.repository";
import { PICK_TUPLE, pickFromTuple, type PickRow, type PickTuple } from "./picks.repository";
import type { ExtraGameRow } from "./proposals.repository";

/**
 * A contest with everything its standing is computed from, read in the same statement as the contest
 * itself (correlated subqueries aggregated to JSON): a list of contests is one query, whatever its length.
 */
export interface ContestResultsData extends Sized {
  contest: ContestRow;
  /** Approved bet changes, in the order they were approved. */
  agreed: { fromWeek: number; amount: number }[];
  /** Per week, player and result: how many picks. */
  tallies: { week: number; userId: string; result: PickRow["result"]; count: number }[];
  /** Accepted extra games (game proposals) with the players who picked them. */
  extras: ExtraGameRow[];
}

/** Weekly results also need every pick (the games come from the games cache). */
export interface ContestPicksData extends ContestResultsData {
  picks: PickRow[];
}

type Json<T> = SQL<T>;

const agreedOf = (contestId: SQL): Json<[number, number][]> => sql`coalesce((
    select json_agg(json_build_array(b.from_week, b.new_amount) order by b.responded_at, b.id)
    from ${betChanges} b where b.contest_id = ${contestId} and b.status = 'approved'), '[]'::json)`;

const talliesOf = (contestId: SQL): Json<[number, string, PickRow["result"], number][]> => sql`coalesce((
    select json_agg(json_build_array(t.week, t.user_id, t.result, t.n))
    from (select p.week, p.user_id, p.result, count(*)::int as n from ${picks} p
          where p.contest_id = ${contestId} group by p.week, p.user_id, p.result) t), '[]'::json)`;

const extrasOf = (contestId: SQL): Json<[number, string, string, ExtraGameRow["status"], string[]][]> =>
  sql`coalesce((
    select json_agg(json_build_array(e.week, e.game_id, e.game_date, e.status, e.pickers))
    from (select gp.week, gp.game_id, g.game_date, g.status,
            coalesce(array_agg(distinct p.user_id::text) filter (where p.user_id is not null), '{}') as pickers
          from ${gameProposals} gp
          join ${games} g on g.id = gp.game_id
          left join ${picks} p on p.contest_id = gp.contest_id and p.game_id = gp.game_id
          where gp.contest_id = ${contestId} and gp.status = 'accepted'
          group by gp.week, gp.game_id, g.game_date, g.status) e), '[]'::json)`;

/** A contest's picks in week, kickoff and pick order; lines as text, as the numeric columns read. */
const picksOf = (contestId: SQL): Json<PickTuple[]> => sql`coalesce((
    select json_agg(${PICK_TUPLE} order by p.week, g.game_date, p.created_at)
    from ${picks} p join ${games} g on g.id = p.game_id where p.contest_id = ${contestId}), '[]'::json)`;

/** Qualified: Drizzle writes a one-table select's columns bare, which a subquery would take for its own. */
const contestId = sql`"contests"."id"`;

const resultsColumns = {
  contest: contests,
  agreed: agreedOf(contestId),
  tallies: talliesOf(contestId),
  extras: extrasOf(contestId),
};

type ResultsRow = {
  contest: ContestRow;
  agreed: [number, number][];
  tallies: [number, string, PickRow["result"], number][];
  extras: [number, string, string, ExtraGameRow["status"], string[]][];
};

/**
 * About how much memory a contest's results data holds in the read cache (bytes): the row, then per
 * tally, bet change and extra game. Measured as the heap grown by 2,000 such entries built as here
 * (12 weeks: 8.6 kB, 18 weeks: 11.5 kB).
 */
export const resultsBytes = (row: { tallies: unknown[]; agreed: unknown[]; extras: unknown[] }) =>
  2_800 + 120 * row.tallies.length + 60 * row.agreed.length + 300 * row.extras.length;

function toData(row: ResultsRow): ContestResultsData {
  const contestId = row.contest.id;
  return {
    cacheBytes: resultsBytes(row),
    contest: row.contest,
    agreed: row.agreed.map(([fromWeek, amount]) => ({ fromWeek, amount })),
    tallies: row.tallies.map(([week, userId, result, count]) => ({ week, userId, result, count })),
    extras: row.extras.map(([week, gameId, gameDate, status, pickers]) => ({
      contestId,
      week,
      gameId,
      gameDate: new Date(gameDate),
      status,
      pickers,
    })),
  };
}

type Who = { userId: string; email: string } | "all";

/** The contests a user plays in or is invited to by e-mail (not archived); every one for admins. */
function visibleTo(who: Who) {
  if (who === "all") return live;
  return and(
    live,
    or(
      eq(contests.player1Id, who.userId),
      eq(contests.player2Id, who.userId),
      and(isNull(contests.player2Id), sql`lower(${contests.player2Email}) = ${who.email.toLowerCase()}`),
    ),
  );
}

/** The contests a user sees, newest first, with their results data: one statement. */
export async function listContestsWithResults(db: Executor, who: Who): Promise<ContestResultsData[]> {
  const rows = await db
    .select(resultsColumns)
    .from(contests)
    .where(visibleTo(who))
    .orderBy(desc(contests.createdAt));
  return rows.map(toData);
}

/** A user as `visibleTo` reads them: the id, and the e-mail an invitation may name (lower case). */
export interface Viewer {
  userId: string;
  email: string;
}
const viewerKey = (viewer: Viewer) => `${viewer.userId}:${viewer.email}`;

/**
 * The contests each of these users sees, newest first, with their results data: one statement for
 * all of them (a crowd's first requests, coalesced). Keyed by `${userId}:${email}`.
 */
export async function listContestsOfViewers(
  db: Executor,
  viewers: readonly Viewer[],
): Promise<Map<string, ContestResultsData[]>> {
  const byViewer = new Map<string, ContestResultsData[]>(viewers.map((viewer) => [viewerKey(viewer), []]));
  if (viewers.length === 0) return byViewer;
  const ids = viewers.map((viewer) => viewer.userId);
  const emails = viewers.map((viewer) => viewer.email.toLowerCase());
  const rows = await db
    .select(resultsColumns)
    .from(contests)
    .where(
      and(
        live,
        or(
          inArray(contests.player1Id, ids),
          inArray(contests.player2Id, ids),
          and(isNull(contests.player2Id), inArray(sql`lower(${contests.player2Email})`, emails)),
        ),
      ),
    )
    .orderBy(desc(contests.createdAt));
  const byUser = new Map<string, string[]>();
  const byEmail = new Map<string, string[]>();
  for (const viewer of viewers) {
    const key = viewerKey(viewer);
    byUser.set(viewer.userId, [...(byUser.get(viewer.userId) ?? []), key]);
    const email = viewer.email.toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), key]);
  }
  for (const data of rows.map(toData)) {
    const { player1Id, player2Id, player2Email } = data.contest;
    const keys = new Set([
      ...(byUser.get(player1Id) ?? []),
      ...(player2Id ? (byUser.get(player2Id) ?? []) : (byEmail.get(player2Email.toLowerCase()) ?? [])),
    ]);
    for (const key of keys) byViewer.get(key)!.push(data);
  }
  return byViewer;
}

/** Contests (not archived) with their results data, in one statement; missing ids are left out. */
export async function findContestsWithResults(db: Executor, ids: string[]): Promise<ContestResultsData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(resultsColumns)
    .from(contests)
    .where(and(inArray(contests.id, ids), live));
  return rows.map(toData);
}

/** Contests (not archived) with their results data and every pick, by id, in one statement; missing ids are left out. */
export async function findContestsWithPicks(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ContestPicksData>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ...resultsColumns, picks: picksOf(contestId) })
    .from(contests)
    .where(and(inArray(contests.id, [...ids]), live));
  return new Map(
    rows.map((row) => [
      row.contest.id,
      { ...toData(row), picks: row.picks.map(pickFromTuple(row.contest.id)) },
    ]),
  );
}
