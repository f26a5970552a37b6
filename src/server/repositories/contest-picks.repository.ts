// A contest's every pick as weekly results send them: one text per contest from the database
// (`picksTextOf`), read in place into `PickLists` and the contest's tallies (`picksFrom`).
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import { games, picks } from "../db/schema";
import {
  liveContestsById,
  qualifiedContestId,
  resultsBytes,
  resultsColumns,
  Tallies,
  toResultsData,
  type ContestResultsData,
  type Tally,
} from "./contest-results.repository";
import { sharedResult, sharedText } from "./shared-strings";

/**
 * A contest's picks as weekly results send them, held compactly
 * (docs/decisions/041-weekly-results-compact-in-memory.md): every pick's head, its JSON up to its
 * game (`{"id":…,"isWin":…,"game":`, the text `JSON.stringify` of the API's pick begins with), in
 * one text, grouped by week and player (player 1's, then player 2's), each list in kickoff and pick
 * order; where each head ends in it; each pick's game id (one string per game, shared by every
 * contest: `sharedText`); where each list begins. A handful of objects a contest, none per pick: a
 * full collection of the heap marks each object
 * (docs/decisions/046-the-live-sundays-heap-fewer-objects-to-mark.md). Picks of users who are not
 * the contest's players are in no list.
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

const U = sql.raw(`e'\\x1f'`);

/**
 * A contest's picks as one text (`string_agg`), in week, kickoff and pick order: per pick its week,
 * player, game and result, then its JSON up to its game (`PickHead`), separated by U+001F; picks by
 * U+001E (no JSON text holds either unescaped). The JSON up to the result is the pick's json_head,
 * which a trigger writes with the pick (drizzle/0005_pick_json_head.sql, 0007), so that no read
 * writes it (docs/decisions/042-a-picks-json-written-with-it.md). The server only cuts the text:
 * no row, date or strings per pick (docs/decisions/036-a-crowds-first-weekly-results.md). The JSON
 * is what `pickHeadJson` (pick-json.ts) writes, and tests/api/weekly-picks-read.test.ts holds the
 * two to `JSON.stringify` of the API's pick.
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
 * parts cut out. No array, string or object is made per pick beyond those: the collector pays for
 * each (docs/decisions/060-a-contests-picks-read-in-place.md).
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
  return {
    lists: listsFrom(text, headSpans, gameSpans, slots, lastSlot),
    tallies: countedTallies(counts, others, players),
  };
}

/**
 * The `PickLists` of the picks found in `text`: pick `i`'s head at headSpans[2i, 2i + 1), its game
 * id at gameSpans[2i, 2i + 1), its list slots[i]; the lists in order of week and player, each in the
 * text's order (a counting sort).
 */
function listsFrom(
  text: string,
  headSpans: readonly number[],
  gameSpans: readonly number[],
  slots: readonly number[],
  lastSlot: number,
): PickLists {
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
  // One text of its own (a join is flat), not cuts of the whole text that keep it in memory.
  return { text: parts.join(""), ends, gameIds, starts };
}

/** The tallies of the players' picks counted by 4 × list + result, then those of other users. */
function countedTallies(
  counts: ReadonlyMap<number, number>,
  others: ReadonlyMap<string, Tally>,
  players: { player1Id: string; player2Id: string | null },
): Tally[] {
  const tallies: Tally[] = [];
  for (const [key, count] of counts) {
    const slot = key >> 2;
    const userId = slot % 2 === 0 ? players.player1Id : players.player2Id!;
    tallies.push({ week: slot >> 1, userId, result: RESULTS[key & 3]!, count });
  }
  tallies.push(...others.values());
  return tallies;
}

// The tallies are counted from the picks (`picksFrom`), not by the database: it read the picks twice.
const picksColumns = {
  ...resultsColumns,
  tallies: sql<[]>`'[]'::json`,
  picks: picksTextOf(qualifiedContestId),
};
const withPicks = liveContestsById(picksColumns, { ids: "contests_with_picks", id: "contest_with_picks" });

/**
 * Contests (not archived) with their results data and every pick (`PickLists`), by id, in one
 * statement; missing ids are left out. The tallies are counted from the picks.
 */
export async function findContestsWithPicks(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ContestPicksData>> {
  if (ids.length === 0) return new Map();
  const rows = await withPicks(db, ids);
  return new Map(
    rows.map((row) => {
      const { lists, tallies } = picksFrom(row.picks, row.contest);
      const data = toResultsData(row);
      const cacheBytes = resultsBytes({
        tallies: tallies.length,
        agreed: row.agreed.length,
        extras: row.extras.length,
        guesses: row.guesses.length,
        locks: row.locks.length,
      });
      return [row.contest.id, { ...data, tallies: Tallies.of(tallies), cacheBytes, picksJson: lists }];
    }),
  );
}
