import { z } from "zod";

export const nextSeason = z.object({ season: z.number().int(), firstKickoff: z.string().nullable() });
export type NextSeason = z.infer<typeof nextSeason>;

export const seasonInfo = z.object({
  season: z.number().int(),
  currentWeek: z.number().int().min(1),
  now: z.string(),
  /**
   * The first picker's deadline (Thursday 4:00 PM Pacific) of each week of this season, week 1
   * first, as ISO instants; empty for a season without games. The server owns the calendar, and
   * the client needs no time-zone data to show a week.
   */
  deadlines: z.array(z.string()),
  /**
   * Each season with games and its first kickoff (ISO), so a page can place a week of any season
   * (the game form's kickoff slots) by the same calendar as the server.
   */
  openings: z.array(z.object({ season: z.number().int(), firstKickoff: z.string() })),
  /**
   * False once week 18 of the current season is over: no contest can be created for it any more
   * (between seasons, and during its postseason).
   */
  weeksToPlay: z.boolean(),
  /** True once the current season's last week, the Super Bowl's, is over by the calendar. */
  seasonOver: z.boolean(),
  /**
   * Between seasons, the season contests can be created for next: its first kickoff (ISO), null
   * while its schedule is not loaded. Null while the current season has weeks to play.
   */
  nextSeason: nextSeason.nullable(),
});
export type SeasonInfo = z.infer<typeof seasonInfo>;

const weekCount = z.object({ week: z.number().int(), count: z.number().int() });

/** GET /api/admin/season-status: what the season on the clock still lacks (admins). */
export const seasonStatus = z.object({
  season: z.number().int(),
  currentWeek: z.number().int(),
  weeksToPlay: z.boolean(),
  nextSeason: nextSeason.nullable(),
  /** Regular-season games stored for the season. */
  games: z.number().int(),
  /** Games of the current and next week, not kicked off, without a spread or a total. */
  noLine: z.array(weekCount),
  /** Games kicked off without a result. */
  noResult: z.array(weekCount),
});
export type SeasonStatus = z.infer<typeof seasonStatus>;
