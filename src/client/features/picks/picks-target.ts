/**
 * Which contest, week and season Make Picks shows, from the address bar and the contests. Apart
 * from picks-view.ts, whose imports (the domain's rules and time zones) the first bundle does without:
 * app/preload.ts reads it before the screen's code has arrived.
 */
import type { User } from "@/contracts/auth";
import type { Contest } from "@/contracts/contests";
import type { SeasonInfo } from "@/contracts/season";

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
export function chooseContest(contests: readonly Contest[], contestId: string | null): ContestChoice {
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
  const choice = contests ? chooseContest(contests, params.get("contestId")) : null;
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
