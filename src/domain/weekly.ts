/**
 * Weekly results and the money: a week is settled once no more picks can be made in it (both
 * players hold their allowance, extra games included, or every game of the week has kicked off) and
 * every pick is graded.
 * The player with more wins takes the week's pot; equal wins is a tie ("Push").
 */
export type Result = "pending" | "win" | "loss" | "push";
export type WeekWinner = "player1" | "player2" | "tie";

export interface WeekInput {
  week: number;
  pot: number;
  player1Id: string;
  player2Id: string;
  picks: { userId: string; result: Result }[];
  /** The picks each player may make that week, extra games aside (per player with custom rounds). */
  allowance: number | { player1: number; player2: number };
  /**
   * Per player, the accepted extra games (game proposals) that still count: the ones the player
   * picked and the ones not kicked off yet. An extra game that started unpicked adds nothing.
   */
  extra?: { player1: number; player2: number };
  /** Whether every game of the week has kicked off (no pick can be made any more). */
  allKickedOff: boolean;
}

export interface WeekOutcome {
  week: number;
  potAmount: number;
  isSettled: boolean;
  player1Wins: number;
  player2Wins: number;
  weekWinner: WeekWinner | null;
}

export function weekOutcome(input: WeekInput): WeekOutcome {
  // One pass over the picks: every contest list and standings computes each week of each contest.
  let player1Picks = 0;
  let player2Picks = 0;
  let player1Wins = 0;
  let player2Wins = 0;
  let graded = true;
  for (const { userId, result } of input.picks) {
    if (result === "pending") graded = false;
    if (userId === input.player1Id) {
      player1Picks += 1;
      if (result === "win") player1Wins += 1;
    } else if (userId === input.player2Id) {
      player2Picks += 1;
      if (result === "win") player2Wins += 1;
    }
  }
  const allowance =
    typeof input.allowance === "number"
      ? { player1: input.allowance, player2: input.allowance }
      : input.allowance;
  const closed =
    input.allKickedOff ||
    (player1Picks >= allowance.player1 + (input.extra?.player1 ?? 0) &&
      player2Picks >= allowance.player2 + (input.extra?.player2 ?? 0));
  const isSettled = closed && graded;
  const weekWinner: WeekWinner | null = !isSettled
    ? null
    : player1Wins > player2Wins
      ? "player1"
      : player2Wins > player1Wins
        ? "player2"
        : "tie";
  return { week: input.week, potAmount: input.pot, isSettled, player1Wins, player2Wins, weekWinner };
}

/**
 * A settled week in which neither player made a pick: it reads "No picks made", never "Push", the
 * word kept for a tie on wins (its pot is not taken either).
 */
export function noPicksMade(week: {
  weekWinner: WeekWinner | null;
  player1Picks?: readonly unknown[];
  player2Picks?: readonly unknown[];
}): boolean {
  return week.weekWinner === "tie" && week.player1Picks?.length === 0 && week.player2Picks?.length === 0;
}

/** A player's money over the settled weeks: pots won minus pots lost. */
export function runningTotal(weeks: readonly WeekOutcome[], player: "player1" | "player2"): number {
  return weeks.reduce((total, week) => {
    if (!week.isSettled || week.weekWinner === null || week.weekWinner === "tie") return total;
    return total + (week.weekWinner === player ? week.potAmount : -week.potAmount);
  }, 0);
}

/** The season's winner by correct picks over all weeks: a player, or a tie. */
export function seasonWinner(weeks: readonly WeekOutcome[]): WeekWinner {
  const one = weeks.reduce((sum, week) => sum + week.player1Wins, 0);
  const two = weeks.reduce((sum, week) => sum + week.player2Wins, 0);
  return one > two ? "player1" : two > one ? "player2" : "tie";
}
