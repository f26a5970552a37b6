import type { PickLists } from "../repositories/contest-picks.repository";
import { sharedText } from "../repositories/shared-strings";

/** A player of a contest as `PickLists` orders them, or undefined: not one of its players. */
export function playerIndex(
  contest: { player1Id: string; player2Id: string | null },
  userId: string | null,
): 0 | 1 | undefined {
  if (userId === null) return undefined;
  if (userId === contest.player1Id) return 0;
  return userId === contest.player2Id ? 1 : undefined;
}

/**
 * A player's picks of a week as the API's JSON (`Pick[]`), added to `out`: each pick's head with its
 * game's JSON.
 */
export function addPicksJson(
  out: string[],
  lists: PickLists,
  gamesJson: ReadonlyMap<string, string>,
  week: number,
  player: 0 | 1 | undefined,
): void {
  out.push("[");
  const slot = 2 * week + (player ?? 0);
  if (player !== undefined && slot + 1 < lists.starts.length) {
    const { text, ends, gameIds, starts } = lists;
    for (let at = starts[slot]!; at < starts[slot + 1]!; at += 1) {
      out.push(
        at === starts[slot] ? "" : ",",
        text.slice(at === 0 ? 0 : ends[at - 1], ends[at]),
        gamesJson.get(gameIds[at]!)!,
        "}",
      );
    }
  }
  out.push("]");
}

/**
 * A weekly data's share of memory (`cacheBytes`) beside its results data's: its text (a byte a
 * character: ids, numbers, times and the words of a pick's JSON are ASCII), each pick's end and game
 * id, the lists' starts, the objects.
 */
export const picksBytes = (lists: PickLists) =>
  lists.text.length + 12 * lists.ends.length + 4 * lists.starts.length + 400;

/** A pick's head and its game's id, in the list of its week and player (`PickLists`). */
export type HeadEntry = { week: number; player: 0 | 1; head: string; gameId: string };

/**
 * Picks' heads in their lists (`PickLists`), each list in the order met, the heads copied into one
 * text of their own: a week's picks in memory, written by `pickHeadJson`. A contest's season read
 * from the database is made into the same lists where it is read (`picksFrom`,
 * contest-picks.repository.ts).
 */
export function compactLists(entries: readonly HeadEntry[]): PickLists {
  let lastWeek = 0;
  for (const entry of entries) lastWeek = Math.max(lastWeek, entry.week);
  const slots = 2 * (lastWeek + 1);
  const starts = new Uint32Array(slots + 1);
  for (const entry of entries) starts[2 * entry.week + entry.player + 1]! += 1;
  for (let slot = 0; slot < slots; slot += 1) starts[slot + 1]! += starts[slot]!;
  const next = starts.slice(0, slots);
  const ordered = new Array<HeadEntry>(entries.length);
  for (const entry of entries) ordered[next[2 * entry.week + entry.player]!++] = entry;
  const ends = new Uint32Array(ordered.length);
  let end = 0;
  ordered.forEach((entry, at) => (ends[at] = end += entry.head.length));
  return {
    text: ordered.map((entry) => entry.head).join(""),
    ends,
    gameIds: ordered.map((entry) => sharedText(entry.gameId)),
    starts,
  };
}

/** Where a week's picks (both players') are among a contest's `PickLists`: picks [from, to). */
export function weekRange({ starts }: PickLists, week: number): { from: number; to: number } {
  const last = starts.length - 1;
  return { from: starts[Math.min(2 * week, last)]!, to: starts[Math.min(2 * week + 2, last)]! };
}

/**
 * `lists` with a week's picks replaced by `fresh`'s (lists of that week only): the weeks before and
 * after it moved as blocks, not pick by pick (a final remakes thousands of contests').
 */
export function withWeek(lists: PickLists, week: number, fresh: PickLists): PickLists {
  const { from, to } = weekRange(lists, week);
  const added = fresh.ends.length;
  const total = lists.ends.length;
  const textFrom = from === 0 ? 0 : lists.ends[from - 1]!;
  const textTo = to === 0 ? 0 : lists.ends[to - 1]!;
  const ends = new Uint32Array(from + added + total - to);
  ends.set(lists.ends.subarray(0, from));
  fresh.ends.forEach((end, at) => (ends[from + at] = textFrom + end));
  const shift = textFrom + fresh.text.length - textTo;
  for (let at = to; at < total; at += 1) ends[from + added + at - to] = lists.ends[at]! + shift;
  const slots = Math.max(lists.starts.length, 2 * week + 3);
  const starts = new Uint32Array(slots);
  for (let slot = 0; slot < slots; slot += 1) {
    if (slot <= 2 * week) starts[slot] = lists.starts[Math.min(slot, lists.starts.length - 1)]!;
    else if (slot <= 2 * week + 2)
      starts[slot] = from + fresh.starts[Math.min(slot, fresh.starts.length - 1)]!;
    else starts[slot] = lists.starts[Math.min(slot, lists.starts.length - 1)]! - (to - from) + added;
  }
  return {
    // One text of its own (a join is flat), not two cuts of the old one that keep it whole.
    text: [lists.text.slice(0, textFrom), fresh.text, lists.text.slice(textTo)].join(""),
    ends,
    gameIds: [...lists.gameIds.slice(0, from), ...fresh.gameIds, ...lists.gameIds.slice(to)],
    starts,
  };
}
