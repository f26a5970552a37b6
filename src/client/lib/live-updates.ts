import { isGameAction, RESYNC, type LiveEvent } from "@/contracts/events";

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
