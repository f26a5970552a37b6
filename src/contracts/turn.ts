import { z } from "zod";
import { round } from "./contests";

/**
 * GET /api/contests/{id}/turn/{week}: what decides whose turn it is in a week, from neither player's
 * side (an admin sees it too). The client reads it with the rules of domain/turn.ts.
 */
export const turnInfo = z.object({
  week: z.number().int(),
  /** Null while the invited player has not joined. */
  firstPickerId: z.uuid().nullable(),
  /**
   * Picks a player makes in the week: their picks over the week's rounds, plus one per accepted
   * extra game; `allowance` is the larger of the two players'.
   */
  allowance: z.number().int(),
  player1Allowance: z.number().int(),
  player2Allowance: z.number().int(),
  /** Picks each player holds in the week. */
  player1Picks: z.number().int(),
  player2Picks: z.number().int(),
  /** Picks each player can still make: base picks left, plus the open extra games they have not picked. */
  player1Left: z.number().int(),
  player2Left: z.number().int(),
  /** Picks each player can still make, extra games aside. */
  player1BaseLeft: z.number().int(),
  player2BaseLeft: z.number().int(),
  /** The week's rounds (one, of the contest's picks per player, unless it plays custom rounds). */
  rounds: z.array(round),
  /** The round the week is at, and whose turn it is in it (null once every pick is made). */
  round: z.number().int(),
  turnUserId: z.uuid().nullable(),
  /** The first picker's deadline (Thursday 4:00 PM Pacific of the week); null for a season without games. */
  deadline: z.string().nullable(),
  /** Kickoffs of the week's games that can still be picked (upcoming, not started), earliest first. */
  openKickoffs: z.array(z.string()),
  /**
   * The week's tiebreaker when the contest plays it that week: when the guesses lock (the last
   * game's kickoff; null in a week without games) and who has made theirs.
   */
  tiebreak: z
    .object({ locksAt: z.string().nullable(), player1Guessed: z.boolean(), player2Guessed: z.boolean() })
    .nullable(),
  /** The server's clock. */
  now: z.string(),
});
export type TurnInfo = z.infer<typeof turnInfo>;

/**
 * GET /api/contests/{id}/current-round/{week}: the round the week is at (`currentRound`: the round of
 * the turn, the last once every pick is made), the week's rounds, and whose turn it is by them with
 * the picks left in that turn (docs/rules.md, "Custom rounds").
 */
export const currentRound = z.object({
  currentRound: z.number().int(),
  rounds: z.array(round),
  turnUserId: z.uuid().nullable(),
  turnPicksLeft: z.number().int(),
});
export type CurrentRound = z.infer<typeof currentRound>;
