import { z } from "zod";

export { isGameAction, RESYNC } from "./constants";

/**
 * One message of GET /api/events (server-sent events): something changed; the client refreshes the
 * queries it concerns. It names the change, never its content: the data comes from the usual calls,
 * with their access checks.
 */
export const liveEvent = z.object({
  /** The activity log's action ("picks.submitted", "game.scored", ...), or "resync": refresh everything. */
  action: z.string(),
  /** The contest it concerns; null for games and for account or configuration changes. */
  contestId: z.uuid().nullable(),
  week: z.number().int().nullable().optional(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
