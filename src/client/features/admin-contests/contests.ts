import type { Contest, EditContestBody, EditContestForm } from "@/contracts/contests";
import { isPostseason, LAST_WEEK, REGULAR_WEEKS } from "@/domain/postseason";

import type { ContestPlayers } from "@/client/lib/contest-players";
import { weekPhrase } from "@/client/lib/week-names";

export { contestPlayers, type ContestPlayers } from "@/client/lib/contest-players";

/** Contests whose name or either player's name contains the search text, case-insensitively. */
export function filterContests(
  contests: Contest[],
  search: string,
  playersOf: (contest: Contest) => ContestPlayers,
): Contest[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return contests;
  return contests.filter((contest) => {
    const { player1, player2 } = playersOf(contest);
    return [contest.name, player1, player2].some((text) => text.toLowerCase().includes(needle));
  });
}

/** Sum of the weekly bet over paid contests, in whole dollars. */
export const totalBetValue = (contests: Contest[]) =>
  contests.reduce((sum, contest) => (contest.isFree ? sum : sum + contest.betAmount), 0);

export function contestStats(contests: Contest[]) {
  return {
    total: contests.length,
    active: contests.filter((contest) => contest.status === "active").length,
    completed: contests.filter((contest) => contest.status === "completed").length,
    totalBetValue: totalBetValue(contests),
  };
}

/** The Edit Contest form's starting values: the contest as it is. */
export const editFormOf = (contest: Contest): EditContestForm => ({
  name: contest.name,
  description: contest.description,
  maxPicksPerPlayer: contest.maxPicksPerPlayer,
  rounds: contest.rounds,
  tiebreaker: contest.tiebreaker,
  lockOfTheWeek: contest.lockOfTheWeek,
  potRollover: contest.potRollover,
  postseason: contest.postseason,
  postseasonMultipliers: [...contest.postseasonMultipliers],
  isFree: contest.isFree,
  betAmount: contest.isFree ? 0 : contest.betAmount,
});

const sameMultipliers = (a: readonly number[] | undefined, b: readonly number[]) =>
  a === undefined || (a.length === b.length && a.every((multiplier, index) => multiplier === b[index]));

/**
 * The edit as sent: the postseason and its multipliers only when they change (the multipliers
 * only for a contest that plays the postseason once edited), so that an edit of anything else
 * after week 18 is not refused for them.
 */
export function editBodyOf(contest: Contest, values: EditContestBody): EditContestBody {
  const { postseason, postseasonMultipliers, ...rest } = values;
  const on = postseason ?? contest.postseason;
  return {
    ...rest,
    ...(postseason === undefined || postseason === contest.postseason ? {} : { postseason }),
    ...(!on || sameMultipliers(postseasonMultipliers, contest.postseasonMultipliers)
      ? {}
      : { postseasonMultipliers }),
  };
}

/**
 * Whether Edit Contest may change the postseason, and why not (the server's rules): until week 18
 * is over, for a pending or active contest that runs through week 18.
 */
export function postseasonTerms(contest: Pick<Contest, "status" | "currentWeek" | "totalWeeks">): {
  editable: boolean;
  note: string | null;
} {
  if (contest.status === "completed" || contest.status === "rejected")
    return {
      editable: false,
      note: `This contest is ${contest.status}: its postseason can no longer change.`,
    };
  if (contest.totalWeeks !== REGULAR_WEEKS && contest.totalWeeks !== LAST_WEEK)
    return { editable: false, note: "Only a contest that runs through week 18 can play the postseason." };
  if (isPostseason(contest.currentWeek))
    return { editable: false, note: "Week 18 is over: the postseason can no longer change." };
  return { editable: true, note: null };
}

export interface EditableTerms {
  /** Whether picks per week and the bet may still change (pending and active contests). */
  editable: boolean;
  /** Why they may not, when they may not. */
  note: string | null;
  /** What a new bet applies to. */
  betNote: string | null;
}

/** What the Edit Contest dialog lets an admin change, by the contest's status (the server's rules). */
export function editableTerms(contest: Pick<Contest, "status" | "currentWeek">): EditableTerms {
  if (contest.status === "completed" || contest.status === "rejected") {
    return {
      editable: false,
      note: `This contest is ${contest.status}: its picks per week and bet can no longer change.`,
      betNote: null,
    };
  }
  return {
    editable: true,
    note: null,
    betNote:
      contest.status === "active"
        ? `Applies from ${weekPhrase(contest.currentWeek, true)} on; weeks already played keep their pots.`
        : null,
  };
}
