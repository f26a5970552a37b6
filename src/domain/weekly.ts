/**
 * Weekly results and the money: a week is settled once no more picks can be made in it (both
 * players hold their allowance, extra games included, or every game of the week has kicked off) and
 * every pick is graded.
 * The player with more wins takes the week's pot; equal wins is a tie ("Push"). A lock of the week
 * counts two wins, or two losses; with the rollover, the pot of a week no one wins goes on to the next.
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
  /** A contest that plays the weekly tiebreaker: the guesses and the week's last game (else none). */
  tiebreak?: TiebreakInput;
  /**
   * The players' locks of the week (at most one each), with their results: a lock is also one of
   * `picks`, and counts once more (two wins, or two losses; a push nothing).
   */
  locks?: readonly { userId: string; result: Result }[];
}

/**
 * The weekly tiebreaker of a week: each player's guess of the total points of the week's last game
 * (null: none made), and that game's total once it is final (null before; "void" when the game was
 * canceled: the tiebreaker falls away and a tie on wins is a push).
 */
export interface TiebreakInput {
  player1Guess: number | null;
  player2Guess: number | null;
  total: number | "void" | null;
}

export interface WeekOutcome {
  week: number;
  potAmount: number;
  isSettled: boolean;
  player1Wins: number;
  player2Wins: number;
  weekWinner: WeekWinner | null;
  /** Who took the week on the tiebreaker (equal wins, one guess closer); absent when wins decided it. */
  tiebreakWinner?: "player1" | "player2";
  /** With the rollover: the part of `potAmount` rolled in from the weeks before, no one won. */
  rolledIn?: number;
  /** With the rollover: no one won this settled week, its pot goes on to the next (or is left unclaimed at the end). */
  rollsOver?: true;
}

/**
 * Who takes a week tied on wins by the guesses of the last game's total: the closer guess (by
 * absolute difference); a player who made no guess loses to one who did; equally close, or no guess
 * from either, is a tie (a push).
 */
export function tiebreakWinner(
  guesses: Pick<TiebreakInput, "player1Guess" | "player2Guess">,
  total: number,
): "player1" | "player2" | "tie" {
  const { player1Guess: one, player2Guess: two } = guesses;
  if (one === null && two === null) return "tie";
  if (one === null) return "player2";
  if (two === null) return "player1";
  const distance1 = Math.abs(one - total);
  const distance2 = Math.abs(two - total);
  return distance1 < distance2 ? "player1" : distance2 < distance1 ? "player2" : "tie";
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
  for (const lock of input.locks ?? []) {
    if (lock.result !== "win") continue;
    if (lock.userId === input.player1Id) player1Wins += 1;
    else if (lock.userId === input.player2Id) player2Wins += 1;
  }
  const allowance =
    typeof input.allowance === "number"
      ? { player1: input.allowance, player2: input.allowance }
      : input.allowance;
  const closed =
    input.allKickedOff ||
    (player1Picks >= allowance.player1 + (input.extra?.player1 ?? 0) &&
      player2Picks >= allowance.player2 + (input.extra?.player2 ?? 0));
  // With the tiebreaker, the week waits for its last game's final even when no pick is on it.
  const total = input.tiebreak?.total;
  const isSettled = closed && graded && total !== null;
  const base = { week: input.week, potAmount: input.pot, isSettled, player1Wins, player2Wins };
  if (!isSettled) return { ...base, weekWinner: null };
  if (player1Wins !== player2Wins)
    return { ...base, weekWinner: player1Wins > player2Wins ? "player1" : "player2" };
  if (typeof total !== "number") return { ...base, weekWinner: "tie" };
  const taken = tiebreakWinner(input.tiebreak!, total);
  return taken === "tie"
    ? { ...base, weekWinner: "tie" }
    : { ...base, weekWinner: taken, tiebreakWinner: taken };
}

/**
 * The pots once the rollover is played (`rolls(week)`: whether that week plays it): a settled week
 * no one wins hands its whole pot, what rolled into it included, to the next week; a week not yet
 * settled hands nothing on (yet). What the last week of the contest hands on is left unclaimed.
 */
export function rollPots(outcomes: readonly WeekOutcome[], rolls: (week: number) => boolean): WeekOutcome[] {
  let carried = 0;
  return outcomes.map((outcome) => {
    const rolled: WeekOutcome =
      carried > 0 ? { ...outcome, potAmount: outcome.potAmount + carried, rolledIn: carried } : outcome;
    carried = 0;
    if (rolled.isSettled && rolled.weekWinner === "tie" && rolls(rolled.week) && rolled.potAmount > 0) {
      carried = rolled.potAmount;
      return { ...rolled, rollsOver: true };
    }
    return rolled;
  });
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
