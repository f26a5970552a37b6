import { z } from "zod";
import { gamePhase, gameStatus } from "./games";

export { ACTIVITY_ACTIONS, GRADES, isGameAction, RESYNC } from "./constants";
export type { ActivityAction, LiveEventKind } from "./constants";

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

/** A client query's key: the URL path it reads, in segments (src/client/lib/queries). */
export const queryKey = z.array(z.union([z.string(), z.number()])).min(1);
export type QueryKey = z.infer<typeof queryKey>;

/**
 * The keys of the queries a final's event carries the new data of (decision 028), as the client's
 * queries spell them (live-updates-refresh.test.ts holds the two in agreement).
 */
export const carriedKeys = {
  contests: (): QueryKey => ["/api/contests"],
  weeklyResults: (contestId: string): QueryKey => ["/api/contests", contestId, "weekly-results"],
  picks: (contestId: string, userId: string, week: number): QueryKey => [
    "/api/contests",
    contestId,
    "picks",
    userId,
    week,
  ],
  availability: (contestId: string, week: number, round: number): QueryKey => [
    "/api/contests",
    contestId,
    "availability",
    week,
    round,
  ],
};

/**
 * What a carried query's value is made of instead (decision 035): a week of the contest's weekly
 * results patch carried by the same event; that week's picks of one of its players (`picks`: what
 * GET …/picks/player/:userId?week= answers), or that player's availability (`availability`: their
 * picks as `playerPriorPicksDetailed`, the other's as `opponentPicks`). The same text, sent once
 * instead of three times.
 */
const carriedOf = z.object({
  contestId: z.uuid(),
  week: z.number().int(),
  player: z.enum(["player1", "player2"]),
  as: z.enum(["picks", "availability"]),
});

/**
 * A query's new data, as the client holds it (what its queryFn returns), carried by an event. With
 * `fromWeek` (a contest's weekly results: decision 030), the value is the list's entries from that
 * week on, to replace those the page holds; the earlier weeks are as they were. Or, instead of a
 * value, what it is made `of`.
 */
export const carriedQuery = z.union([
  z.object({ key: queryKey, value: z.unknown(), fromWeek: z.number().int().optional() }),
  z.object({ key: queryKey, of: carriedOf }),
]);
export type CarriedQuery = {
  key: QueryKey;
  value?: unknown;
  fromWeek?: number;
  of?: z.infer<typeof carriedOf>;
};

/**
 * One message of GET /api/events (server-sent events): something changed; the client refreshes the
 * queries it concerns. Most events name the change, never its content: the data comes from the usual
 * calls, with their access checks. A score update carries the games' new live state,
 * which every signed-in user may see, so that a page updates without asking; and a final, to each
 * of its players, what its grades changed of their own contests (decision 028).
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
   * With `games`: empty (the players of the contests a final graded get theirs in the `grades` event
   * that follows). In a `grades` event: the contests whose standings the final moved, of those the
   * user plays in; to an admin, "all" (an admin sees every contest, and refetches).
   */
  contests: z.union([z.array(z.uuid()), z.literal("all")]).optional(),
  /**
   * In a `grades` event (a player's, never an admin's): the new data of the queries the grades changed
   * that the user may read (their contests, and of each contest named its weekly results and the
   * graded weeks' picks and availability), to be written into the page's cache instead of refetched.
   */
  data: z.array(carriedQuery).optional(),
});
/** The event as read: its carried queries each with the fields of either kind (`CarriedQuery`). */
export type LiveEvent = Omit<z.infer<typeof liveEvent>, "data"> & { data?: CarriedQuery[] };
