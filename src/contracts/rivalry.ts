import { z } from "zod";

/** Three counts: won, lost, and pushed (weeks no one won; contests tied). */
const record3 = z.object({ won: z.number().int(), lost: z.number().int(), pushed: z.number().int() });

/** A settled week of the rivalry, from "you"'s side. */
export const rivalryWeek = z.object({
  contestId: z.uuid(),
  season: z.number().int(),
  week: z.number().int(),
  yourWins: z.number().int(),
  opponentWins: z.number().int(),
  pot: z.number().int(),
  winner: z.enum(["you", "opponent", "tie"]),
});
export type RivalryWeek = z.infer<typeof rivalryWeek>;

const streak = z.object({
  holder: z.enum(["you", "opponent"]),
  weeks: z.number().int(),
  from: rivalryWeek,
  to: rivalryWeek,
});
export type RivalryStreak = z.infer<typeof streak>;

export const seasonResult = z.object({
  contestId: z.uuid(),
  name: z.string(),
  season: z.number().int(),
  status: z.enum(["active", "completed"]),
  result: z.enum(["won", "lost", "tied", "in-progress"]),
  weeks: record3,
  picks: z.object({ won: z.number().int(), lost: z.number().int() }),
  money: z.number().int(),
});
export type SeasonResult = z.infer<typeof seasonResult>;

/** A figure of a player's tendencies: picks, results, and the win rate once drawn from five picks. */
export const figure = z.object({
  key: z.string(),
  label: z.string(),
  picks: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  winRate: z.number().min(0).max(1).nullable(),
});
export type Figure = z.infer<typeof figure>;

const figureGroup = z.object({ picks: z.number().int(), figures: z.array(figure) });
export type FigureGroup = z.infer<typeof figureGroup>;

export const tendencies = z.object({
  picks: z.number().int(),
  rides: z.array(figure),
  fades: z.array(figure),
  favoriteUnderdog: figureGroup,
  overUnder: figureGroup,
  homeAway: figureGroup,
  primeTime: figureGroup,
  spreadSize: figureGroup,
});
export type Tendencies = z.infer<typeof tendencies>;

const bothTendencies = z.object({ you: tendencies, opponent: tendencies });

/**
 * GET /api/contests/{id}/rivalry: the record of the contest's two players across every contest they
 * have played each other, from the viewer's side (player 1's for an admin looking on).
 */
export const rivalry = z.object({
  contestId: z.uuid(),
  /** The player read as "you", and the other. */
  youId: z.uuid(),
  opponentId: z.uuid(),
  /** Whether "you" is the viewer (else an admin looks on from player 1's side). */
  viewerPlays: z.boolean(),
  weeks: record3,
  picks: z.object({ won: z.number().int(), lost: z.number().int() }),
  money: z.object({ won: z.number().int(), lost: z.number().int(), net: z.number().int() }),
  contests: record3,
  currentStreak: streak.nullable(),
  longestStreak: z.object({ you: streak.nullable(), opponent: streak.nullable() }),
  bestWeek: rivalryWeek.nullable(),
  worstWeek: rivalryWeek.nullable(),
  seasons: z.array(seasonResult),
  /** Each player's tendencies in this contest and over all their contests against each other. */
  tendencies: z.object({ contest: bothTendencies, allTime: bothTendencies }),
});
export type Rivalry = z.infer<typeof rivalry>;
