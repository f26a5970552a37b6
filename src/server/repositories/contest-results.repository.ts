import { and, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import { preparedPer } from "../db/prepared";
import type { Sized } from "../db/read-cache";
import { betChanges, contests, gameProposals, games, picks, users } from "../db/schema";
import { live, seenBy, seenByUser, type ContestRow } from "./contests.repository";
import type { PickRow } from "./picks.repository";
import type { ExtraGameRow } from "./proposals.repository";
import { sharedPlayerId, sharedResult, sharedText } from "./shared-strings";

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
}

/** How many of a contest's picks of a week and a player have a result. */
export interface Tally {
  week: number;
  userId: string;
  result: PickRow["result"];
  count: number;
}

/**
 * A contest's tallies, four slots a tally (week, player, result, count) in one array: a contest has
 * ~37 (weeks, two players, a result or two each), and as objects of their own the contests in memory
 * held 300,000 of them, each one marked by every full collection of the heap (issue 19, decision 046).
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

  toList(): Tally[] {
    const list: Tally[] = [];
    this.forEach((week, userId, result, count) => list.push({ week, userId, result, count }));
    return list;
  }
}

/**
 * A contest's picks as weekly results send them, held compactly (issue 19, decisions 041 and 046):
 * every pick's head, its JSON up to its game (`{"id":…,"isWin":…,"game":`, the text `JSON.stringify`
 * of the API's pick begins with), in one text, grouped by week and player (player 1's, then player
 * 2's), each list in kickoff and pick order; where each head ends in it; each pick's game id (one
 * string per game, shared by every contest: `sharedText`); where each list begins. A handful of
 * objects a contest: a full collection of the heap marks each object, and lists of their own (a key,
 * an entry, two arrays and a cut of the text per pick) made 650,000 of them for the bench's contests.
 * Picks of users who are not the contest's players are in no list.
 */
export interface PickLists {
  readonly text: string;
  /** Where pick `i`'s head ends in `text`; it begins where the one before ends. */
  readonly ends: Uint32Array;
  readonly gameIds: readonly string[];
  /** The list of week `w` and player `p` (0, 1) is picks [starts[2w + p], starts[2w + p + 1]). */
  readonly starts: Uint32Array;
}

/** Weekly results also need every pick (the games come from the games cache). */
export interface ContestPicksData extends ContestResultsData {
  picksJson: PickLists;
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

/** Qualified: Drizzle writes a one-table select's columns bare, which a subquery would take for its own. */
const contestId = sql`"contests"."id"`;

const resultsColumns = {
  contest: contests,
  agreed: agreedOf(contestId),
  tallies: talliesOf(contestId),
  extras: extrasOf(contestId),
};

/** `column = any(<placeholder>)`, the placeholder an array of `type`: one text for any number of values. */
const anyOf = (column: SQL | AnyPgColumn, placeholder: string, type: "uuid" | "text") =>
  sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(type)}[])`;

type ResultsRow = {
  contest: ContestRow;
  agreed: [number, number][];
  tallies: [number, string, PickRow["result"], number][];
  extras: [number, string, string, ExtraGameRow["status"], string[]][];
};

/**
 * About how much memory a contest's results data holds in the read cache (bytes): the row, then per
 * tally (four slots of one array, its player and result shared strings), bet change and extra game.
 * Measured as the heap grown by 2,000 such entries built as here, each tally then an object with its
 * own two strings (120 bytes: 12 weeks 8.6 kB, 18 weeks 11.5 kB).
 */
export const resultsBytes = (count: { tallies: number; agreed: number; extras: number }) =>
  2_800 + 32 * count.tallies + 60 * count.agreed + 300 * count.extras;

function toData(row: ResultsRow): ContestResultsData {
  const contestId = row.contest.id;
  return {
    cacheBytes: resultsBytes({
      tallies: row.tallies.length,
      agreed: row.agreed.length,
      extras: row.extras.length,
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
 * them; issue 19). Null for an admin, who sees every contest.
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
  return rows.map(toData);
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
  const rows =
    ids.length === 1
      ? await withResultsOne(db).execute({ id: ids[0] })
      : await withResults(db).execute({ ids });
  return rows.map(toData);
}

const withWeekResults = preparedPer((db) =>
  db
    .select({ ...resultsColumns, tallies: talliesOf(contestId, sql.placeholder("weeks")) })
    .from(contests)
    .where(and(anyOf(contests.id, "ids", "uuid"), live))
    .prepare("contests_with_week_results"),
);

/**
 * Contests as `findContestsWithResults` reads them, their tallies of `weeks` read again and those of
 * the other weeks taken from `known` (each contest's results data as they were): after a final, only
 * the weeks with picks on its games have moved. A contest's season of picks is ~44 rows, its week's
 * a few: read whole, 2,857 contests took PostgreSQL ~0.9 s after the bench's first finals (issue 19,
 * decision 049). Missing ids are left out.
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
    const fresh = toData(row);
    const tallies: Tally[] = [];
    known.get(fresh.contest.id)!.tallies.forEach((week, userId, result, count) => {
      if (!moved.has(week)) tallies.push({ week, userId, result, count });
    });
    fresh.tallies.forEach((week, userId, result, count) => tallies.push({ week, userId, result, count }));
    const cacheBytes = resultsBytes({
      tallies: tallies.length,
      agreed: fresh.agreed.length,
      extras: fresh.extras.length,
    });
    return { ...fresh, tallies: Tallies.of(tallies), cacheBytes };
  });
}

const withResults = preparedPer((db) =>
  db
    .select(resultsColumns)
    .from(contests)
    .where(and(anyOf(contests.id, "ids", "uuid"), live))
    .prepare("contests_with_results"),
);
/** The same for one contest, the usual read (`preparedPer`: its plan is kept). */
const withResultsOne = preparedPer((db) =>
  db
    .select(resultsColumns)
    .from(contests)
    .where(and(eq(contests.id, sql.placeholder("id")), live))
    .prepare("contest_with_results"),
);

const U = sql.raw(`e'\\x1f'`);

/**
 * A contest's picks as one text (`string_agg`), in week, kickoff and pick order: per pick its week,
 * player, game and result, then its JSON up to its game (`PickHead`), separated by U+001F; picks by
 * U+001E (no JSON text holds either unescaped). The JSON up to the result is the pick's json_head,
 * which a trigger writes with the pick (drizzle/0005_pick_json_head.sql, 0007): written here at
 * each read, it took most of the statement's time (issue 19, decision 042). The server only cuts
 * the text: a crowd's first weekly results spent most of their time making and collecting the rows,
 * dates and strings of each pick (decision 036). The JSON is what `pickHeadJson` (picks.service.ts)
 * writes, and tests/api/weekly-picks-read.test.ts holds the two to `JSON.stringify` of the API's
 * pick.
 */
const picksTextOf = (contestId: SQL): SQL<string> => sql`coalesce((
    select string_agg(concat(p.week, ${U}, p.user_id, ${U}, p.game_id, ${U}, p.result, ${U},
      p.json_head, ',"result":"', p.result,
      '","isWin":', case p.result when 'win' then 'true' when 'loss' then 'false' else 'null' end,
      ',"game":'), e'\\x1e' order by p.week, g.game_date, p.created_at)
    from ${picks} p join ${games} g on g.id = p.game_id where p.contest_id = ${contestId}), '')`;

/** The result words, in the order of `resultAt`. */
const RESULTS = (["win", "loss", "push", "pending"] as const).map(sharedResult);

/** Which of `RESULTS` the word at `at` is, from its first two characters (w, l, pu, pe). */
function resultAt(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === 119) return 0;
  if (first === 108) return 1;
  return text.charCodeAt(at + 1) === 117 ? 2 : 3;
}

/** The whole number written in `text` from `from` to `to` (digits only). */
function numberAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at += 1) value = 10 * value + text.charCodeAt(at) - 48;
  return value;
}

/**
 * A contest's `PickLists` and tallies from `picksTextOf`'s text, read in place: each pick's fields
 * found by their separators and compared or read where they are, its head and game id the only
 * parts cut out. A crowd's first weekly results spent a fifth of the server's main thread collecting
 * what splitting the text made (arrays, strings and an object per pick; decision 060).
 */
function picksFrom(
  text: string,
  players: { player1Id: string; player2Id: string | null },
): { lists: PickLists; tallies: Tally[] } {
  // Where each listed pick's head and game id begin and end, and its list (2 × week + player).
  const headSpans: number[] = [];
  const gameSpans: number[] = [];
  const slots: number[] = [];
  // Players' tallies by 4 × list + result; other users' (a contest's player replaced) by key.
  const counts = new Map<number, number>();
  const others = new Map<string, Tally>();
  let lastSlot = 1;
  for (let at = 0; at < text.length;) {
    const weekEnd = text.indexOf("\x1f", at);
    const userEnd = text.indexOf("\x1f", weekEnd + 1);
    const gameEnd = text.indexOf("\x1f", userEnd + 1);
    const resultEnd = text.indexOf("\x1f", gameEnd + 1);
    const next = text.indexOf("\x1e", resultEnd + 1);
    const end = next === -1 ? text.length : next;
    const week = numberAt(text, at, weekEnd);
    const result = resultAt(text, gameEnd + 1);
    const userLength = userEnd - weekEnd - 1;
    const player =
      userLength === players.player1Id.length && text.startsWith(players.player1Id, weekEnd + 1)
        ? 0
        : players.player2Id !== null &&
            userLength === players.player2Id.length &&
            text.startsWith(players.player2Id, weekEnd + 1)
          ? 1
          : undefined;
    if (player === undefined) {
      const userId = text.slice(weekEnd + 1, userEnd);
      const key = `${week}|${userId}|${result}`;
      const known = others.get(key);
      if (known) known.count += 1;
      else others.set(key, { week, userId, result: RESULTS[result]!, count: 1 });
    } else {
      const slot = 2 * week + player;
      const key = 4 * slot + result;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      headSpans.push(resultEnd + 1, end);
      slots.push(slot);
      gameSpans.push(userEnd + 1, gameEnd);
      lastSlot = Math.max(lastSlot, slot | 1);
    }
    at = end + 1;
  }
  // The lists in order of week and player, each in the text's order (a counting sort).
  const starts = new Uint32Array(lastSlot + 2);
  for (const slot of slots) starts[slot + 1]! += 1;
  for (let slot = 0; slot <= lastSlot; slot += 1) starts[slot + 1]! += starts[slot]!;
  const order = new Uint32Array(slots.length);
  const free = starts.slice(0, lastSlot + 1);
  slots.forEach((slot, pick) => (order[free[slot]!++] = pick));
  const parts = new Array<string>(order.length);
  const ends = new Uint32Array(order.length);
  const gameIds = new Array<string>(order.length);
  let listed = 0;
  order.forEach((pick, at) => {
    const from = headSpans[2 * pick]!;
    const to = headSpans[2 * pick + 1]!;
    parts[at] = text.slice(from, to);
    ends[at] = listed += to - from;
    gameIds[at] = sharedText(text.slice(gameSpans[2 * pick], gameSpans[2 * pick + 1]));
  });
  const tallies: Tally[] = [];
  for (const [key, count] of counts) {
    const slot = key >> 2;
    const userId = slot % 2 === 0 ? players.player1Id : players.player2Id!;
    tallies.push({ week: slot >> 1, userId, result: RESULTS[key & 3]!, count });
  }
  tallies.push(...others.values());
  // One text of its own (a join is flat), not cuts of the whole text that keep it in memory.
  return { lists: { text: parts.join(""), ends, gameIds, starts }, tallies };
}

// The tallies are counted from the picks (`picksFrom`), not by the database: it read the picks twice.
const picksColumns = { ...resultsColumns, tallies: sql<[]>`'[]'::json`, picks: picksTextOf(contestId) };
const withPicks = preparedPer((db) =>
  db
    .select(picksColumns)
    .from(contests)
    .where(and(anyOf(contests.id, "ids", "uuid"), live))
    .prepare("contests_with_picks"),
);
/** The same for one contest, the usual read (`preparedPer`: its plan is kept). */
const withPicksOne = preparedPer((db) =>
  db
    .select(picksColumns)
    .from(contests)
    .where(and(eq(contests.id, sql.placeholder("id")), live))
    .prepare("contest_with_picks"),
);

/**
 * Contests (not archived) with their results data and every pick (`PickLists`), by id, in one
 * statement; missing ids are left out. The tallies are counted from the picks.
 */
export async function findContestsWithPicks(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ContestPicksData>> {
  if (ids.length === 0) return new Map();
  const rows =
    ids.length === 1
      ? await withPicksOne(db).execute({ id: ids[0] })
      : await withPicks(db).execute({ ids: [...ids] });
  return new Map(
    rows.map((row) => {
      const { lists, tallies } = picksFrom(row.picks, row.contest);
      const data = toData(row);
      const cacheBytes = resultsBytes({
        tallies: tallies.length,
        agreed: row.agreed.length,
        extras: row.extras.length,
      });
      return [row.contest.id, { ...data, tallies: Tallies.of(tallies), cacheBytes, picksJson: lists }];
    }),
  );
}
