import type { Round } from "@/contracts/contests";

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
