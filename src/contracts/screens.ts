/**
 * Which contest, week and season a screen shows, from its address and the contests: the screen
 * reads it, and so does the server, whose document for the screen carries the answers the screen
 * will ask for first (decision 054). Kept apart from the screens' own code (picks-view.ts imports the
 * domain's rules and time zones, which the first bundle does without): app/preload.ts reads it
 * before a screen's code has arrived.
 */
import type { User } from "./auth";
import type { Contest } from "./contests";
import type { SeasonInfo } from "./season";

/** The signed-in screens whose document carries their first answers, by path (wouter's patterns). */
export const SCREEN_PATHS = { dashboard: "/", picks: "/picks", standings: "/standings" } as const;
export type CarryingScreen = keyof typeof SCREEN_PATHS;

/** The screen a path shows, as the client's router matches it: case-insensitive, trailing slash optional. */
export function carryingScreen(pathname: string): CarryingScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "").toLowerCase() : pathname;
  return (Object.keys(SCREEN_PATHS) as CarryingScreen[]).find((screen) => SCREEN_PATHS[screen] === path);
}

const inRange = (value: string | null, min: number, max: number): number | null => {
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
};

/** "?week=": 1 to 22 (the API's range), else null. */
export const parseWeekParam = (value: string | null) => inRange(value, 1, 22);
/** "?season=": 2020 to 2030, else null. */
export const parseSeasonParam = (value: string | null) => inRange(value, 2020, 2030);

export type ContestChoice =
  { kind: "found"; contest: Contest } | { kind: "not-found"; id: string } | { kind: "none" };

/** The contest asked for; without one the first active contest, else the first contest. */
export function choosePicksContest(contests: readonly Contest[], contestId: string | null): ContestChoice {
  if (contestId) {
    const contest = contests.find((candidate) => candidate.id === contestId);
    return contest ? { kind: "found", contest } : { kind: "not-found", id: contestId };
  }
  const contest = contests.find((candidate) => candidate.status === "active") ?? contests[0];
  return contest ? { kind: "found", contest } : { kind: "none" };
}

/**
 * /picks?contestId=&week=&season=: the contest asked for, else the first active one, else the
 * first; its current week and season unless the address says otherwise. `contestWeek` is 0 without
 * a contest (its queries wait). The screen and its prefetch both read it, so they ask alike.
 */
export function picksTarget(
  params: URLSearchParams,
  contests: readonly Contest[] | undefined,
  seasonInfo: SeasonInfo | undefined,
  user: Pick<User, "id"> | null,
) {
  const choice = contests ? choosePicksContest(contests, params.get("contestId")) : null;
  const contest = choice?.kind === "found" ? choice.contest : undefined;
  const week = parseWeekParam(params.get("week")) ?? contest?.currentWeek ?? seasonInfo?.currentWeek ?? 0;
  const season = parseSeasonParam(params.get("season")) ?? contest?.season ?? seasonInfo?.season;
  const isPlayer = Boolean(
    contest && user && (user.id === contest.player1Id || user.id === contest.player2Id),
  );
  const opponentId =
    contest && user ? (user.id === contest.player1Id ? contest.player2Id : contest.player1Id) : null;
  return { choice, contest, week, season, contestWeek: contest ? week : 0, isPlayer, opponentId };
}

/** The contests the standings can show: those that have started. */
export const hasStandings = (contest: Pick<Contest, "status">) =>
  contest.status === "active" || contest.status === "completed";

/**
 * The contest the standings show and the choices offered. The one named in the address wins when the
 * user can see it; otherwise the first active contest (the user's own before others', for an admin),
 * else the first contest with standings. `notFound` says the address named a contest the user cannot
 * see.
 */
export function chooseStandingsContest(
  contests: readonly Contest[],
  requestedId: string | null,
  userId: string | undefined,
): { options: Contest[]; selected: Contest | undefined; notFound: boolean } {
  const plays = (contest: Contest) => contest.player1Id === userId || contest.player2Id === userId;
  const options = [...contests.filter(hasStandings)].sort((a, b) => Number(plays(b)) - Number(plays(a)));
  const requested = requestedId ? contests.find((contest) => contest.id === requestedId) : undefined;
  if (requested) {
    return {
      options: options.includes(requested) ? options : [...options, requested],
      selected: requested,
      notFound: false,
    };
  }
  const selected = options.find((contest) => contest.status === "active") ?? options[0];
  return { options, selected, notFound: Boolean(requestedId) };
}

/** The contests whose week's turn the dashboard's countdown shows: active ones the user picks in. */
export const playingContests = (contests: readonly Contest[], userId: string | undefined) =>
  contests.filter(
    (contest) =>
      contest.status === "active" &&
      contest.player2Id !== null &&
      (contest.player1Id === userId || contest.player2Id === userId),
  );
