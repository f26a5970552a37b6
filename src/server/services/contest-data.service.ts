import type { AppContext } from "../context";
import { contestKey, readCache } from "../db/read-cache";
import {
  findContestsWithResults,
  findContestWithPicks,
  listContestsWithResults,
  type ContestPicksData,
  type ContestResultsData,
} from "../repositories/contest-results.repository";
import type { UserRow } from "../repositories/users.repository";

/*
 * Contests with what their standings are computed from, served from memory (read-cache.ts): a write
 * to a contest's picks, bets or proposals clears that contest, a write to the contests table or the
 * games clears them all, on every instance. What depends on the clock (open weeks, expired
 * proposals) is computed from these at each request, never cached.
 */

/**
 * The contests a user sees (an admin: all), newest first, with their results data. Which contests a
 * user sees is remembered too; when it is not, one statement reads the list with its data.
 */
export async function visibleContestsData(ctx: AppContext, user: UserRow): Promise<ContestResultsData[]> {
  const cache = readCache(ctx.database);
  const who = user.isAdmin ? "all" : { userId: user.id, email: user.email.toLowerCase() };
  const key = who === "all" ? "ids:all" : `ids:${who.userId}:${who.email}`;
  const ids = cache.get<string[]>("contests", key);
  if (ids) return contestsData(ctx, ids);
  const version = cache.version("contests");
  const list = await listContestsWithResults(ctx.db, who);
  cache.put(
    "contests",
    key,
    list.map((data) => data.contest.id),
    version,
  );
  for (const data of list) cache.put("contests", contestKey(data.contest.id), data, version);
  return list;
}

/** Contests by id with their results data, in the order given: what is not in memory is read in one statement. */
export async function contestsData(ctx: AppContext, ids: readonly string[]): Promise<ContestResultsData[]> {
  const cache = readCache(ctx.database);
  const found = new Map<string, ContestResultsData>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = cache.get<ContestResultsData>("contests", contestKey(id));
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const version = cache.version("contests");
    for (const data of await findContestsWithResults(ctx.db, missing)) {
      found.set(data.contest.id, data);
      cache.put("contests", contestKey(data.contest.id), data, version);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
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
    const data = await findContestWithPicks(ctx.db, id);
    return data && prepare(data);
  });
}
