import { isGameAction, RESYNC } from "@/contracts/constants";
import type { LiveEvent } from "@/contracts/events";

/**
 * What a live event makes stale, by the first segment of the query keys ("/api/contests", ...).
 * Each kind of change leaves alone what it cannot touch; everything else is refreshed, so a query
 * added later is covered without being listed here.
 */
const UNTOUCHED = {
  // Games and scores: schedules, lines, results and standings; not teams, people or settings.
  game: ["/api/teams", "/api/users", "/api/system-config", "/api/auth"],
  // A contest, its picks, proposals and bets: not the games, the season or the settings.
  contest: ["/api/games", "/api/teams", "/api/season", "/api/system-config", "/api/auth"],
  // Accounts and settings (names, admin access, the current season).
  other: ["/api/games", "/api/teams"],
};

export function isRefreshedBy(event: LiveEvent): (queryKey: readonly unknown[]) => boolean {
  if (event.action === RESYNC) return () => true;
  const untouched = isGameAction(event.action)
    ? UNTOUCHED.game
    : event.contestId
      ? UNTOUCHED.contest
      : UNTOUCHED.other;
  return (queryKey) => {
    const first = typeof queryKey[0] === "string" ? queryKey[0] : "";
    return !untouched.some((prefix) => first === prefix || first.startsWith(`${prefix}/`));
  };
}

// contracts/events' `liveEvent`, checked by hand: zod (41 kB gzip) stays out of the signed-in shell,
// which opens the event stream on every screen. live-updates.test.ts holds the two in agreement.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** One message of the event stream as a LiveEvent, or null when it is not one. */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const { action, contestId, week } = value as Record<string, unknown>;
  if (typeof action !== "string") return null;
  if (contestId !== null && (typeof contestId !== "string" || !UUID.test(contestId))) return null;
  if (week === undefined) return { action, contestId };
  if (week !== null && (typeof week !== "number" || !Number.isSafeInteger(week))) return null;
  return { action, contestId, week };
}
