import type { AppContext } from "../context";
import { Batcher, itself } from "../db/batcher";
import type { Database } from "../db/client";
import { contestKey, readCache } from "../db/read-cache";
import { chunks } from "../db/chunks";
import { requestsFirst, TimeSlices } from "../event-loop-slices";
import { findContestsWithPicks, type ContestPicksData } from "../repositories/contest-picks.repository";
import {
  findContestsWithNewWeeks,
  findContestsWithResults,
  listContestsOfViewers,
  listContestsWithResults,
  viewerKey,
  type ContestResultsData,
  type Viewer,
} from "../repositories/contest-results.repository";
import {
  pickingStates,
  weekKey,
  weeksWithPicksOn,
  type ContestWeek,
  type PickingState,
} from "../repositories/picks.repository";
import type { UserRow } from "../repositories/users.repository";

/*
 * Contests with what their standings are computed from, served from memory (read-cache.ts): a write
 * to a contest's picks, bets or proposals clears that contest, a write to the contests table or the
 * games clears them all, on every instance. What depends on the clock (open weeks, expired
 * proposals) is computed from these at each request, never cached.
 */

/**
 * First reads of many players at once (a crowd arriving, every page refetching after a final) go to
 * the database together: one statement per batch of players or contests, not one per read. PGlite runs one
 * statement at a time; on PostgreSQL a few batches run at once (whole seasons of picks one), leaving
 * most of the pool to writes.
 */
interface Loaders {
  viewers: Batcher<Viewer, ContestResultsData[]>;
  results: Batcher<string, ContestResultsData>;
  picks: Batcher<string, ContestPicksData>;
  weeks: Batcher<ContestWeek, PickingState>;
}
const MAX_BATCH = 100;

/**
 * A final's contests read again a batch at a time (`refreshContests`). With the database on the
 * server's thread (the tests' in-memory PGlite) each batch holds it, every page view due meanwhile
 * waiting: the batches are smaller there, so that each hold stays a small part of a page view's
 * budget through a live Sunday, 50 ms at the 99th percentile (docs/performance.md; the measurements
 * are in decision 038).
 */
const REFRESH_BATCH = { sharedThread: 20, ownThread: MAX_BATCH } as const;

const loaders = new WeakMap<Database, Loaders>();

function loadersOf(ctx: AppContext): Loaders {
  let found = loaders.get(ctx.database);
  if (!found) {
    const { db } = ctx;
    const options = { concurrency: ctx.database.kind === "pglite" ? 1 : 3, maxBatch: MAX_BATCH };
    const byId = { ...options, keyOf: itself };
    found = {
      viewers: new Batcher((viewers) => listContestsOfViewers(db, viewers), { ...options, keyOf: viewerKey }),
      results: new Batcher(
        async (ids) =>
          new Map((await findContestsWithResults(db, ids)).map((data) => [data.contest.id, data])),
        byId,
      ),
      // One batch at a time: a whole season of picks is the heaviest of these reads, and each
      // statement costs the server as much again as a contest in it; one at a time, the contests
      // asked for meanwhile make fewer and larger batches, which serve a crowd's first weekly results
      // faster than three at a time (decision 036).
      picks: new Batcher((ids) => findContestsWithPicks(db, ids), { ...byId, concurrency: 1 }),
      weeks: new Batcher((weeks) => pickingStates(db, weeks), {
        ...options,
        keyOf: ({ contestId, week }) => weekKey(contestId, week),
      }),
    };
    loaders.set(ctx.database, found);
  }
  return found;
}

/** Where the ids of the contests a user sees are kept (the contests topic). */
const visibleIdsKey = (user: UserRow) =>
  user.isAdmin ? "ids:all" : `ids:${user.id}:${user.email.toLowerCase()}`;

/**
 * Keeps the ids of the contests a player sees, read with their session (`findSessionsById`) since
 * `version` (the contests topic's, taken before that read): their contests' data are then taken
 * from memory, or read by id, without a statement for the list.
 */
export function rememberVisibleContests(
  ctx: AppContext,
  user: UserRow,
  ids: readonly string[],
  version: number,
): void {
  if (!user.isAdmin) readCache(ctx.database).put("contests", visibleIdsKey(user), [...ids], version);
}

/**
 * The contests a user sees (an admin: all), newest first, with their results data. Which contests a
 * user sees is remembered too; when it is not, one statement reads the list with its data.
 */
export async function visibleContestsData(ctx: AppContext, user: UserRow): Promise<ContestResultsData[]> {
  const cache = readCache(ctx.database);
  const key = visibleIdsKey(user);
  const ids = cache.get<string[]>("contests", key);
  if (ids) return contestsData(ctx, ids);
  const version = cache.version("contests");
  const viewer = { userId: user.id, email: user.email.toLowerCase() };
  const list = user.isAdmin
    ? await listContestsWithResults(ctx.db, "all")
    : ((await loadersOf(ctx).viewers.load(viewer)) ?? []);
  cache.put(
    "contests",
    key,
    list.map((data) => data.contest.id),
    version,
  );
  for (const data of list) cache.put("contests", contestKey(data.contest.id), data, version);
  return list;
}

/** Of these contests, the results data in memory by id, and the ids of the others. */
function inMemory(ctx: AppContext, ids: readonly string[]) {
  const cache = readCache(ctx.database);
  const found = new Map<string, ContestResultsData>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = cache.get<ContestResultsData>("contests", contestKey(id));
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  return { found, missing };
}

/** Contests by id with their results data, in the order given: what is not in memory is read in one statement. */
export async function contestsData(ctx: AppContext, ids: readonly string[]): Promise<ContestResultsData[]> {
  const cache = readCache(ctx.database);
  const { found, missing } = inMemory(ctx, ids);
  if (missing.length > MAX_BATCH) {
    // A list of thousands (an admin's, when many contests have been cleared): read apart, a batch
    // at a time, so that the players' reads meanwhile do not wait behind it in the batches' queue
    // (decision 035).
    for (const ids of chunks(missing, MAX_BATCH)) {
      const version = cache.version("contests");
      for (const data of await findContestsWithResults(ctx.db, ids)) {
        found.set(data.contest.id, data);
        cache.put("contests", contestKey(data.contest.id), data, version);
      }
      await requestsFirst();
    }
  } else if (missing.length > 0) {
    const version = cache.version("contests");
    const { results } = loadersOf(ctx);
    const loaded = await Promise.all(missing.map((id) => results.load(id)));
    for (const data of loaded) {
      if (!data) continue;
      found.set(data.contest.id, data);
      cache.put("contests", contestKey(data.contest.id), data, version);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * Contests' results data read again after a final that moved these weeks: of those in memory the
 * weeks' tallies alone, the others whole.
 */
async function resultsWithNewWeeks(
  ctx: AppContext,
  ids: readonly string[],
  weeks: readonly number[],
): Promise<ContestResultsData[]> {
  const { found, missing } = inMemory(ctx, ids);
  const [moved, whole] = await Promise.all([
    findContestsWithNewWeeks(ctx.db, found, weeks),
    findContestsWithResults(ctx.db, missing),
  ]);
  return [...moved, ...whole];
}

/**
 * A contest's weekly results in memory made anew from its results data read again after a final
 * and its week kept for picking (`refreshContests`), or undefined where they cannot be (they are
 * then let go, read again when asked for).
 */
export type WeeklyRefresh = (
  old: unknown,
  fresh: ContestResultsData,
  picking: { week: number; state: PickingState },
) => Promise<unknown>;

/**
 * A final's contests read again now that it has committed, a batch at a time (requests served in
 * between), and put in memory in place of what was there (`ReadCache.replaceContests`): their
 * results data, the week kept for picking of those whose week is in memory, and, with `weekly`,
 * their weekly results in memory made anew from those two. Replaced, not cleared: cleared, the page
 * views and the grades would read thousands of them again at once (decision 035); with their weekly
 * results let go, the views of the standings would read each again in the seconds after a final
 * (decision 037). With
 * `graded` (the games the final graded), a contest's results data in memory has only the tallies of
 * the weeks with picks on those games read again (decision 049).
 */
export async function refreshContests(
  ctx: AppContext,
  ids: readonly string[],
  weekly?: WeeklyRefresh,
  graded?: readonly string[],
): Promise<void> {
  const cache = readCache(ctx.database);
  const moved = graded?.length
    ? [...new Set((await weeksWithPicksOn(ctx.db, graded)).map((row) => row.week))]
    : undefined;
  for (const batch of chunks(
    ids,
    REFRESH_BATCH[ctx.database.onServerThread ? "sharedThread" : "ownThread"],
  )) {
    const since = { contests: cache.version("contests"), picking: cache.version("picking") };
    const weeks = batch.flatMap((contestId) => {
      const known = cache.get<{ week: number }>("picking", contestId);
      return known ? [{ contestId, week: known.week }] : [];
    });
    const [results, states] = await Promise.all([
      moved ? resultsWithNewWeeks(ctx, batch, moved) : findContestsWithResults(ctx.db, batch),
      pickingStates(ctx.db, weeks),
    ]);
    const contests = new Map(results.map((data) => [data.contest.id, data]));
    const picking = new Map<string, { week: number; state: PickingState }>();
    for (const { contestId, week } of weeks) {
      const state = states.get(weekKey(contestId, week));
      if (state) picking.set(contestId, { week, state });
    }
    const remade = new Map<string, { old: unknown; value: unknown }>();
    if (weekly) {
      // A batch's weekly results are tens of ms of work: requests served in between.
      const loop = new TimeSlices();
      for (const [contestId, week] of picking) {
        await loop.pause();
        const old = cache.get("weekly", contestId);
        const fresh = contests.get(contestId);
        if (old === undefined || !fresh) continue;
        const value = await weekly(old, fresh, week);
        if (value !== undefined) remade.set(contestId, { old, value });
      }
    }
    cache.replaceContests(batch, { contests, picking, weekly: remade }, since);
    await requestsFirst();
  }
}

/**
 * One contest (not archived) with its results data and every pick, as `prepare` makes it ready to
 * serve (kept in memory so), or undefined.
 */
export async function contestPicksData<T extends object>(
  ctx: AppContext,
  id: string,
  prepare: (data: ContestPicksData) => Promise<T> | T,
): Promise<T | undefined> {
  return readCache(ctx.database).through("weekly", id, async () => {
    const data = await loadersOf(ctx).picks.load(id);
    return data && prepare(data);
  });
}

/**
 * A live contest's week as pick submissions are checked against it (decision 015): its row, the
 * week's picks, saved first picker, accepted extra games and proposals. Kept in memory (`picking`,
 * one week per contest), so that the Make Picks and Dashboard reads of a week (turn, first picker,
 * round, picks, proposals) cost no statement; every write to the contest's picks, proposals, bets
 * or first pickers clears it, and a pick submission leaves it as its write left it
 * (contest-week.service.ts). Weeks missing from memory are read together, as contests are (`Batcher`).
 */
export async function contestWeekState(
  ctx: AppContext,
  contestId: string,
  week: number,
): Promise<PickingState | undefined> {
  const cache = readCache(ctx.database);
  const known = cache.get<{ week: number; state: PickingState }>("picking", contestId);
  if (known?.week === week) return known.state;
  const generation = cache.version("picking");
  const state = await loadersOf(ctx).weeks.load({ contestId, week });
  // A pick stored meanwhile left a newer week (its revision) than this read: keep that one.
  const now = cache.get<{ week: number; state: PickingState }>("picking", contestId);
  if (state && !(now?.week === week && now.state.contest.revision >= state.contest.revision)) {
    cache.put("picking", contestId, { week, state }, generation);
  }
  return state;
}
