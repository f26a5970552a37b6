// A contest's results data, what its standing is computed from: the contest with its bet changes,
// tallies and extra games in one statement, for the lists of contests, the viewers and by id.
// Its every pick as weekly results send them is contest-picks.repository.ts.
import { and, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResult } from "drizzle-orm/query-builders/select.types";
import type { Executor } from "../db/client";
import { preparedPer } from "../db/prepared";
import type { Sized } from "../db/read-cache-bounds";
import { betChanges, contests, gameProposals, games, picks, tiebreakGuesses, users } from "../db/schema";
import { live, seenBy, seenByUser, type ContestRow } from "./contests.repository";
import type { PickRow } from "./picks.repository";
import type { ExtraGameRow } from "./proposals.repository";
import { sharedPlayerId, sharedResult } from "./shared-strings";

/**
 * A contest with everything its standing is computed from, read in the same statement as the contest
 * itself (correlated subqueries aggregated to JSON): a list of contests is one query, whatever its length.
 */
export interface ContestResultsData extends Sized {
  contest: ContestRow;
  /** Approved bet changes, in the order they were approved. */
  agreed: { fromWeek: number; amount: number }[];
  /** Per week, player and result: how many picks. */
  tallies: Tallies;
  /** Accepted extra games (game proposals) with the players who picked them. */
  extras: ExtraGameRow[];
  /** The weekly tiebreaker's guesses, every week's (none unless the contest plays it). */
  guesses: TiebreakGuess[];
  /** The players' locks of the week, every week's, with their results (none without options of play). */
  locks: LockPick[];
  /** The contest's rematch, pending, active or completed (not declined, not archived), else null. */
  rematch: { id: string; status: ContestRow["status"] } | null;
}

/** A player's lock of the week, and its result. */
export interface LockPick {
  week: number;
  userId: string;
  result: PickRow["result"];
}

/** A player's guess of the total points of a week's last game. */
export interface TiebreakGuess {
  week: number;
  userId: string;
  guess: number;
}

/** How many of a contest's picks of a week and a player have a result. */
export interface Tally {
  week: number;
  userId: string;
  result: PickRow["result"];
  count: number;
}

/**
 * A contest's tallies, four slots a tally (week, player, result, count) in one array, not an object
 * each: every full collection of the heap marks each object of every contest in memory
 * (docs/decisions/046-the-live-sundays-heap-fewer-objects-to-mark.md).
 */
export class Tallies {
  private constructor(private readonly slots: readonly (number | string)[]) {}

  static of(tallies: readonly Tally[]): Tallies {
    const slots = new Array<number | string>(4 * tallies.length);
    tallies.forEach(({ week, userId, result, count }, at) => {
      slots[4 * at] = week;
      slots[4 * at + 1] = userId;
      slots[4 * at + 2] = result;
      slots[4 * at + 3] = count;
    });
    return new Tallies(slots);
  }

  forEach(visit: (week: number, userId: string, result: PickRow["result"], count: number) => void): void {
    const { slots } = this;
    for (let at = 0; at < slots.length; at += 4) {
      visit(
        slots[at] as number,
        slots[at + 1] as string,
        slots[at + 2] as PickRow["result"],
        slots[at + 3] as number,
      );
    }
  }

  /** How many picks of a player have this result, in every week. */
  count(userId: string | null, result: PickRow["result"]): number {
    let sum = 0;
    this.forEach((_, player, its, count) => {
      if (player === userId && its === result) sum += count;
    });
    return sum;
  }

  /** How many picks (both players', any result) there are in a week. */
  picksIn(week: number): number {
    let sum = 0;
    this.forEach((its, _, __, count) => {
      if (its === week) sum += count;
    });
    return sum;
  }

  toList(): Tally[] {
    const list: Tally[] = [];
    this.forEach((week, userId, result, count) => list.push({ week, userId, result, count }));
    return list;
  }
}

type Json<T> = SQL<T>;

const agreedOf = (contestId: SQL): Json<[number, number][]> => sql`coalesce((
    select json_agg(json_build_array(b.from_week, b.new_amount) order by b.responded_at, b.id)
    from ${betChanges} b where b.contest_id = ${contestId} and b.status = 'approved'), '[]'::json)`;

/** A contest's tallies; with `weeks` (an int[] placeholder), those of these weeks only. */
const talliesOf = (
  contestId: SQL,
  weeks?: Placeholder,
): Json<[number, string, PickRow["result"], number][]> => sql`coalesce((
    select json_agg(json_build_array(t.week, t.user_id, t.result, t.n))
    from (select p.week, p.user_id, p.result, count(*)::int as n from ${picks} p
          where p.contest_id = ${contestId}${weeks ? sql` and p.week = any(${weeks}::int[])` : sql``}
          group by p.week, p.user_id, p.result) t), '[]'::json)`;

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

/** Read only for a contest with options of play: the others' results data reads as before. */
const guessesOf = (contestId: SQL): Json<[number, string, number][]> => sql`case
    when "contests"."rule_plans" is null then '[]'::json
    else coalesce((
      select json_agg(json_build_array(t.week, t.user_id, t.guess) order by t.week, t.user_id)
      from ${tiebreakGuesses} t where t.contest_id = ${contestId}), '[]'::json) end`;

/** Read only for a contest with options of play, as the guesses are. */
const locksOf = (contestId: SQL): Json<[number, string, PickRow["result"]][]> => sql`case
    when "contests"."rule_plans" is null then '[]'::json
    else coalesce((
      select json_agg(json_build_array(p.week, p.user_id, p.result) order by p.week, p.user_id)
      from ${picks} p where p.contest_id = ${contestId} and p.is_lock), '[]'::json) end`;

/**
 * The rematch of a contest not declined nor archived: `contests_one_rematch_key` holds one at
 * most, found through it. Kept in memory with the old contest's results data, right because
 * every write to the contests table clears them all (the rematch's insert and each answer to it).
 */
const rematchOf = (contestId: SQL): Json<[string, ContestRow["status"]] | null> => sql`(
    select json_build_array(r.id, r.status) from ${contests} r
    where r.predecessor_id = ${contestId} and r.status <> 'rejected' and r.archived_at is null
    order by r.created_at desc limit 1)`;

/** Qualified: Drizzle writes a one-table select's columns bare, which a subquery would take for its own. */
export const qualifiedContestId = sql`"contests"."id"`;

/** A contest's results data as the columns of a select from `contests`. */
export const resultsColumns = {
  contest: contests,
  agreed: agreedOf(qualifiedContestId),
  tallies: talliesOf(qualifiedContestId),
  extras: extrasOf(qualifiedContestId),
  guesses: guessesOf(qualifiedContestId),
  locks: locksOf(qualifiedContestId),
  rematch: rematchOf(qualifiedContestId),
};

/** `column = any(<placeholder>)`, the placeholder an array of `type`: one text for any number of values. */
const anyOf = (column: SQL | AnyPgColumn, placeholder: string, type: "uuid" | "text") =>
  sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(type)}[])`;

type ResultsRow = {
  contest: ContestRow;
  agreed: [number, number][];
  tallies: [number, string, PickRow["result"], number][];
  extras: [number, string, string, ExtraGameRow["status"], string[]][];
  guesses: [number, string, number][];
  locks: [number, string, PickRow["result"]][];
  rematch: [string, ContestRow["status"]] | null;
};

/**
 * About how much memory a contest's results data holds in the read cache (bytes): the row, then per
 * tally (four slots of one array, its player and result shared strings), bet change and extra game.
 * The figures are the heap's growth per entry built as here
 * (docs/decisions/046-the-live-sundays-heap-fewer-objects-to-mark.md).
 */
export const resultsBytes = (count: {
  tallies: number;
  agreed: number;
  extras: number;
  guesses?: number;
  locks?: number;
}) =>
  2_800 +
  32 * count.tallies +
  60 * count.agreed +
  300 * count.extras +
  60 * (count.guesses ?? 0) +
  60 * (count.locks ?? 0);

export function toResultsData(row: ResultsRow): ContestResultsData {
  const contestId = row.contest.id;
  return {
    cacheBytes: resultsBytes({
      tallies: row.tallies.length,
      agreed: row.agreed.length,
      extras: row.extras.length,
      guesses: row.guesses.length,
      locks: row.locks.length,
    }),
    contest: row.contest,
    agreed: row.agreed.map(([fromWeek, amount]) => ({ fromWeek, amount })),
    tallies: Tallies.of(
      row.tallies.map(([week, userId, result, count]) => ({
        week,
        userId: sharedPlayerId(userId, row.contest),
        result: sharedResult(result),
        count,
      })),
    ),
    extras: row.extras.map(([week, gameId, gameDate, status, pickers]) => ({
      contestId,
      week,
      gameId,
      gameDate: new Date(gameDate),
      status,
      pickers,
    })),
    guesses: row.guesses.map(([week, userId, guess]) => ({
      week,
      userId: sharedPlayerId(userId, row.contest),
      guess,
    })),
    locks: row.locks.map(([week, userId, result]) => ({
      week,
      userId: sharedPlayerId(userId, row.contest),
      result: sharedResult(result),
    })),
    rematch: row.rematch && { id: row.rematch[0], status: row.rematch[1] },
  };
}

type Who = { userId: string; email: string } | "all";

/** The contests a user sees (`seenBy`); every one for admins. */
function visibleTo(who: Who) {
  if (who === "all") return live;
  return seenByUser(who.userId, who.email);
}

/**
 * The ids of the contests a user sees (`seenBy`), newest first, for a statement that reads the user
 * (their session's: a player's first request on an instance then needs no statement of its own for
 * them). Null for an admin, who sees every contest.
 */
export const visibleContestIdsOfUser = sql<string[] | null>`case when ${users.isAdmin} then null else array(
    select ${contests.id}::text from ${contests}
    where ${seenBy(
      (player) => eq(player, users.id),
      (lowerEmail) => sql`${lowerEmail} = lower(${users.email})`,
    )}
    order by ${contests.createdAt} desc) end`;

/** The contests a user sees, newest first, with their results data: one statement. */
export async function listContestsWithResults(db: Executor, who: Who): Promise<ContestResultsData[]> {
  const rows = await db
    .select(resultsColumns)
    .from(contests)
    .where(visibleTo(who))
    .orderBy(desc(contests.createdAt));
  return rows.map(toResultsData);
}

const ofViewers = preparedPer((db) =>
  db
    .select(resultsColumns)
    .from(contests)
    .where(
      seenBy(
        (player) => anyOf(player, "ids", "uuid"),
        (lowerEmail) => anyOf(lowerEmail, "emails", "text"),
      ),
    )
    .orderBy(desc(contests.createdAt))
    .prepare("contests_of_viewers"),
);

/** A user as `visibleTo` reads them: the id, and the e-mail an invitation may name (lower case). */
export interface Viewer {
  userId: string;
  email: string;
}
export const viewerKey = (viewer: Viewer) => `${viewer.userId}:${viewer.email}`;

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
  const rows = await ofViewers(db).execute({ ids, emails });
  const byUser = new Map<string, string[]>();
  const byEmail = new Map<string, string[]>();
  for (const viewer of viewers) {
    const key = viewerKey(viewer);
    byUser.set(viewer.userId, [...(byUser.get(viewer.userId) ?? []), key]);
    const email = viewer.email.toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), key]);
  }
  for (const data of rows.map(toResultsData)) {
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
  const rows = await withResults(db, ids);
  return rows.map(toResultsData);
}

const withWeekResults = preparedPer((db) =>
  db
    .select({ ...resultsColumns, tallies: talliesOf(qualifiedContestId, sql.placeholder("weeks")) })
    .from(contests)
    .where(and(anyOf(contests.id, "ids", "uuid"), live))
    .prepare("contests_with_week_results"),
);

/**
 * Contests as `findContestsWithResults` reads them, their tallies of `weeks` read again and those of
 * the other weeks taken from `known` (each contest's results data as they were): after a final, only
 * the weeks with picks on its games have moved, and a week's picks are a few of its season's
 * (docs/decisions/049-a-finals-tallies-of-its-week.md). Missing ids are left out.
 */
export async function findContestsWithNewWeeks(
  db: Executor,
  known: ReadonlyMap<string, ContestResultsData>,
  weeks: readonly number[],
): Promise<ContestResultsData[]> {
  if (known.size === 0) return [];
  const rows = await withWeekResults(db).execute({ ids: [...known.keys()], weeks: [...weeks] });
  const moved = new Set(weeks);
  return rows.map((row) => {
    const fresh = toResultsData(row);
    const tallies: Tally[] = [];
    known.get(fresh.contest.id)!.tallies.forEach((week, userId, result, count) => {
      if (!moved.has(week)) tallies.push({ week, userId, result, count });
    });
    fresh.tallies.forEach((week, userId, result, count) => tallies.push({ week, userId, result, count }));
    const cacheBytes = resultsBytes({
      tallies: tallies.length,
      agreed: fresh.agreed.length,
      extras: fresh.extras.length,
      guesses: fresh.guesses.length,
      locks: fresh.locks.length,
    });
    return { ...fresh, tallies: Tallies.of(tallies), cacheBytes };
  });
}

/**
 * A read of live contests by id as `columns`, in one statement: one for a list of ids (`names.ids`),
 * and one of its own for a single id (`names.id`), the usual read (`preparedPer`: its plan is kept).
 * Missing ids are left out.
 */
export function liveContestsById<T extends SelectedFields>(columns: T, names: { ids: string; id: string }) {
  const ofIds = preparedPer((db) =>
    db
      .select(columns)
      .from(contests)
      .where(and(anyOf(contests.id, "ids", "uuid"), live))
      .prepare(names.ids),
  );
  const ofId = preparedPer((db) =>
    db
      .select(columns)
      .from(contests)
      .where(and(eq(contests.id, sql.placeholder("id")), live))
      .prepare(names.id),
  );
  return (
    db: Executor,
    ids: readonly string[],
  ): Promise<SelectResult<T, "partial", { contests: "not-null" }>[]> =>
    ids.length === 1 ? ofId(db).execute({ id: ids[0] }) : ofIds(db).execute({ ids: [...ids] });
}

const withResults = liveContestsById(resultsColumns, {
  ids: "contests_with_results",
  id: "contest_with_results",
});
