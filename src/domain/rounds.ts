/**
 * Rounds: a contest's week is a list of rounds, each with how many picks each player makes in it.
 * Turns follow the rounds: in each round the week's first picker picks first, then the other
 * player; a count of 0 skips that player's turn. A contest without custom rounds plays one round
 * of its picks per player. The server checks submissions with these rules (submit-picks.service.ts); the
 * client reads whose turn it is with the same functions.
 */
import { limitRounds } from "./postseason";
import type { ContestPlayers } from "./turn";

export interface Round {
  roundNumber: number;
  player1Picks: number;
  player2Picks: number;
}

/** A contest's rounds from `fromWeek` on: custom ones, or null for one round of its picks per player. */
export interface RoundPlan {
  fromWeek: number;
  rounds: Round[] | null;
}

/** Most rounds in a week, and most picks a player makes in one week. */
export const MAX_ROUNDS = 8;
export const MAX_WEEK_PICKS = 16;

/** The week of one round that a contest without custom rounds plays. */
export const singleRound = (picks: number): Round[] => [
  { roundNumber: 1, player1Picks: picks, player2Picks: picks },
];

type Planned = { maxPicksPerPlayer: number; roundPlans?: readonly RoundPlan[] | null };

/** A week's custom rounds: the plan in force that week, if it has custom rounds; else null. */
export function customRounds(contest: Planned, week: number): Round[] | null {
  let plan: RoundPlan | undefined;
  for (const candidate of contest.roundPlans ?? []) {
    if (candidate.fromWeek <= week && (!plan || candidate.fromWeek > plan.fromWeek)) plan = candidate;
  }
  return plan?.rounds ?? null;
}

/**
 * The rounds of a week: its custom rounds, else one round of `maxPicksPerPlayer` each; in a
 * postseason round, no more picks than its games allow.
 */
export const weekRounds = (contest: Planned, week: number): Round[] =>
  limitRounds(customRounds(contest, week) ?? singleRound(contest.maxPicksPerPlayer), week);

/** The same rounds, in the same order, with the same picks. */
export const sameRounds = (a: readonly Round[] | null, b: readonly Round[] | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.length === b.length &&
    a.every(
      (round, i) =>
        round.roundNumber === b[i]!.roundNumber &&
        round.player1Picks === b[i]!.player1Picks &&
        round.player2Picks === b[i]!.player2Picks,
    ));

/**
 * A contest's plans once its rounds change from `fromWeek` on: the plans of earlier weeks stay, the
 * new one replaces any from that week on.
 */
export const replanFrom = (
  plans: readonly RoundPlan[] | null | undefined,
  fromWeek: number,
  rounds: Round[] | null,
): RoundPlan[] => [...(plans ?? []).filter((plan) => plan.fromWeek < fromWeek), { fromWeek, rounds }];

const picksOf = (round: Round, players: ContestPlayers, userId: string) =>
  userId === players.player1Id ? round.player1Picks : userId === players.player2Id ? round.player2Picks : 0;

/** The picks each player makes in a week over all its rounds (extra games aside). */
export const roundTotals = (rounds: readonly Round[]): { player1: number; player2: number } => ({
  player1: rounds.reduce((sum, round) => sum + round.player1Picks, 0),
  player2: rounds.reduce((sum, round) => sum + round.player2Picks, 0),
});

/** The picks a player makes in a week over all its rounds (extra games aside). */
export function weekAllowance(rounds: readonly Round[], players: ContestPlayers, userId: string): number {
  const totals = roundTotals(rounds);
  return userId === players.player1Id ? totals.player1 : userId === players.player2Id ? totals.player2 : 0;
}

/** Whose turn it is: the round, the player, and how many picks are left in their turn. */
export interface Turn {
  round: number;
  userId: string;
  /** Picks left to make in this turn. */
  left: number;
  /** The picks the player holds once this turn is done (their picks through this round). */
  upTo: number;
}

/**
 * The turn a week is at: the first turn, in the order of the rounds (first picker, then the other
 * player), whose player holds fewer picks than their rounds so far ask for. Null once both players
 * hold every pick of the week. `held` counts a player's picks that week, extra games aside.
 */
export function currentTurn(input: {
  rounds: readonly Round[];
  players: ContestPlayers;
  firstPickerId: string;
  held: (userId: string) => number;
}): Turn | null {
  const { players, firstPickerId } = input;
  const secondPickerId = firstPickerId === players.player1Id ? players.player2Id : players.player1Id;
  const needed = new Map<string, number>();
  for (const round of input.rounds) {
    for (const userId of [firstPickerId, secondPickerId]) {
      const count = picksOf(round, players, userId);
      if (count === 0) continue;
      const upTo = (needed.get(userId) ?? 0) + count;
      needed.set(userId, upTo);
      const held = input.held(userId);
      if (held < upTo) return { round: round.roundNumber, userId, left: upTo - held, upTo };
    }
  }
  return null;
}

/** The round a week is at: the current turn's, or the last round once every pick is made. */
export const roundOf = (turn: Turn | null, rounds: readonly Round[]): number =>
  turn?.round ?? rounds[rounds.length - 1]?.roundNumber ?? 1;

/**
 * What a player may pick now. Before the hand-over deadline, the player on turn may make the
 * picks left in their turn; a player with every pick of the week made may still pick their extra
 * games; anyone else waits for the player on turn. From the deadline on (nobody can block the
 * other), and once every turn is done, a player may make all their picks left.
 */
export interface TurnRights {
  may: boolean;
  /** The picks (extra games aside) the player may hold once this submission is stored. */
  allowance: number;
  /** Who the player waits for, when they may not pick. */
  waitingFor: string | null;
  turn: Turn | null;
}

export function turnRights(input: {
  userId: string;
  rounds: readonly Round[];
  players: ContestPlayers;
  firstPickerId: string;
  held: (userId: string) => number;
  deadline: Date;
  now: Date;
}): TurnRights {
  const total = weekAllowance(input.rounds, input.players, input.userId);
  const turn = currentTurn(input);
  const open = { may: true, allowance: total, waitingFor: null, turn };
  if (input.now >= input.deadline || turn === null) return open;
  if (turn.userId === input.userId) return { ...open, allowance: turn.upTo };
  if (input.held(input.userId) >= total) return open;
  return { may: false, allowance: total, waitingFor: turn.userId, turn };
}

/**
 * Checks a custom-rounds list as the server stores it: rounds numbered 1, 2, 3... in order, at
 * most MAX_ROUNDS, each player with at least one pick in the week and at most MAX_WEEK_PICKS.
 * Gives the refusal's message, or null.
 */
export function roundsProblem(rounds: readonly Round[]): string | null {
  if (rounds.length === 0) return "A week needs at least one round.";
  if (rounds.length > MAX_ROUNDS) return `A week has at most ${MAX_ROUNDS} rounds.`;
  if (rounds.some((round, index) => round.roundNumber !== index + 1))
    return "Rounds must be numbered 1, 2, 3... in order.";
  for (const sum of Object.values(roundTotals(rounds))) {
    if (sum < 1) return "Each player must make at least one pick a week.";
    if (sum > MAX_WEEK_PICKS) return `Each player makes at most ${MAX_WEEK_PICKS} picks a week.`;
  }
  return null;
}
