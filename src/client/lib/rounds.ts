import type { Contest, Round } from "@/contracts/contests";
import { plural } from "@/domain/plural";
import { weekPickLimit } from "@/domain/postseason";
import { roundTotals } from "@/domain/rounds";

/** The first round of a new custom-rounds list: two picks each. */
export const FIRST_ROUND: Round = { roundNumber: 1, player1Picks: 2, player2Picks: 2 };

/** The rounds a new contest starts with. */
export const defaultRounds = (): Round[] => [{ ...FIRST_ROUND }];

/** Numbers the rounds 1, 2, 3... in their order. */
export const renumberRounds = (rounds: readonly Round[]): Round[] =>
  rounds.map((round, index) => ({ ...round, roundNumber: index + 1 }));

/** Appends round n+1 with one pick each. */
export const addRound = (rounds: readonly Round[]): Round[] => [
  ...rounds,
  { roundNumber: rounds.length + 1, player1Picks: 1, player2Picks: 1 },
];

/** Removes the round at `index` and renumbers the rest; the last remaining round cannot be removed. */
export function removeRound(rounds: readonly Round[], index: number): Round[] {
  if (rounds.length <= 1 || index < 0 || index >= rounds.length) return [...rounds];
  return renumberRounds(rounds.filter((_, i) => i !== index));
}

/** Sets one player's pick count of the round at `index` (never below 0). */
export function setRoundPicks(
  rounds: readonly Round[],
  index: number,
  player: "player1Picks" | "player2Picks",
  picks: number,
): Round[] {
  return rounds.map((round, i) =>
    i === index ? { ...round, [player]: Math.max(0, Math.trunc(picks) || 0) } : round,
  );
}

/**
 * The message of a rounds field's error, whether it is the list's (from `roundsProblem`) or one
 * round's count ("Pick count must be 0 or greater"): react-hook-form keeps the latter per round.
 */
export function firstRoundsError(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === "string" && message) return message;
  if (typeof root?.message === "string") return root.message;
  for (const value of Object.values(error)) {
    const nested = firstRoundsError(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A week's picks held to its limit: in a postseason round, no more than the spread and the total
 * of each of its games (the Super Bowl: 2); a regular week's as they are.
 */
export const limitedWeekPicks = (picks: number, week: number): number => Math.min(picks, weekPickLimit(week));

/**
 * The picks a player makes in a contest's current week: over its custom rounds, else its picks per
 * player (player 1's for anyone else), no more than a postseason round allows.
 */
export function currentWeekPicks(
  contest: Pick<Contest, "rounds" | "maxPicksPerPlayer" | "player2Id" | "currentWeek">,
  userId: string | undefined,
): number {
  if (!contest.rounds) return limitedWeekPicks(contest.maxPicksPerPlayer, contest.currentWeek);
  const totals = roundTotals(contest.rounds);
  const picks = userId !== undefined && userId === contest.player2Id ? totals.player2 : totals.player1;
  return limitedWeekPicks(picks, contest.currentWeek);
}

/** "2 picks per player each week", or with custom rounds "3 rounds a week: 2 and 2 picks". */
export function weekPicksText(contest: Pick<Contest, "rounds" | "maxPicksPerPlayer">): string {
  if (!contest.rounds) return `${plural(contest.maxPicksPerPlayer, "pick")} per player each week`;
  const totals = roundTotals(contest.rounds);
  const picks =
    totals.player1 === totals.player2
      ? `${plural(totals.player1, "pick")} each`
      : `${totals.player1} and ${totals.player2} picks`;
  return `${plural(contest.rounds.length, "round")} a week, ${picks}, taking turns round by round`;
}
