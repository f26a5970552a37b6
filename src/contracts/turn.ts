import { z } from "zod";

/**
 * GET /api/contests/{id}/turn/{week}: what decides whose turn it is in a week, from neither player's
 * side (an admin sees it too). The client reads it with the rules of domain/turn.ts.
 */
export const turnInfo = z.object({
  week: z.number().int(),
  /** Null while the invited player has not joined. */
  firstPickerId: z.uuid().nullable(),
  /** Picks each player makes in the week: the contest's picks per player, plus one per accepted extra game. */
  allowance: z.number().int(),
  /** Picks each player holds in the week. */
  player1Picks: z.number().int(),
  player2Picks: z.number().int(),
  /** Picks each player can still make: base picks left, plus the open extra games they have not picked. */
  player1Left: z.number().int(),
  player2Left: z.number().int(),
  /** The first picker's deadline (Thursday 4:00 PM Pacific of the week); null for a season without games. */
  deadline: z.string().nullable(),
  /** Kickoffs of the week's games that can still be picked (upcoming, not started), earliest first. */
  openKickoffs: z.array(z.string()),
  /** The server's clock. */
  now: z.string(),
});
export type TurnInfo = z.infer<typeof turnInfo>;
