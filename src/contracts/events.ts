import { z } from "zod";
import { gamePhase, gameStatus } from "./games";

export { isGameAction, RESYNC } from "./constants";

/** A game's live state as a game event carries it: what a score update changes. */
export const gameState = z.object({
  id: z.uuid(),
  status: gameStatus,
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  period: z.number().int().nullable(),
  clock: z.string().nullable(),
  phase: gamePhase.nullable(),
});
export type GameState = z.infer<typeof gameState>;

/**
 * One message of GET /api/events (server-sent events): something changed; the client refreshes the
 * queries it concerns. Most events name the change, never its content: the data comes from the usual
 * calls, with their access checks. A score update (issue 19) carries the games' new live state,
 * which every signed-in user may see, so that a page updates without asking.
 */
export const liveEvent = z.object({
  /** The activity log's action ("picks.submitted", "game.scored", ...), or "resync": refresh everything. */
  action: z.string(),
  /** The contest it concerns; null for games and for account or configuration changes. */
  contestId: z.uuid().nullable(),
  week: z.number().int().nullable().optional(),
  /**
   * Game events that changed only scores, quarters, clocks and live or final status: the new state
   * of each game that changed. Nothing else about the games changed (no kickoff, line or schedule).
   */
  games: z.array(gameState).optional(),
  /**
   * With `games`: the contests whose standings changed (a final graded their picks), of those the
   * user sees; "all" for an admin. Empty: no standing changed.
   */
  contests: z.union([z.array(z.uuid()), z.literal("all")]).optional(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
