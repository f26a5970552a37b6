import { z } from "zod";
import { LINE_SOURCES } from "@/domain/line-history";

/** A postponed game waits for a new date; a canceled game's picks are void (docs/rules.md). */
export const gameStatus = z.enum(["upcoming", "live", "final", "postponed", "canceled"]);
export type GameStatus = z.infer<typeof gameStatus>;

/** The fields an admin set by hand: the data feed leaves them alone until "Follow the feed again". */
export const pinnableFields = ["line", "kickoff", "score", "status"] as const;
export type PinnableField = (typeof pinnableFields)[number];

/** Where a live game stands, for display ("Q2 6:52", "Halftime", "End Q1"). */
export const gamePhase = z.enum(["halftime", "end_period"]);

export const game = z.object({
  id: z.uuid(),
  week: z.number().int(),
  season: z.number().int(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  favoriteTeam: z.string().nullable(),
  gameDate: z.string(),
  /** Decimal string; negative when the home team is favoured. */
  spread: z.string().nullable(),
  overUnder: z.string().nullable(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  status: gameStatus,
  /** Live and final games from the data feed: the quarter (5 and up: overtime) and the clock. */
  period: z.number().int().nullable(),
  clock: z.string().nullable(),
  phase: gamePhase.nullable(),
  /** The data feed's id of the game (null for games only entered by hand). */
  externalId: z.string().nullable(),
  pinned: z.array(z.enum(pinnableFields)),
});
export type Game = z.infer<typeof game>;

export const weekParams = z.object({
  week: z.coerce
    .number()
    .int()
    .min(1, "Week must be between 1 and 22")
    .max(22, "Week must be between 1 and 22"),
  season: z.coerce
    .number()
    .int()
    .min(2020, "Season must be 2020 or later")
    .max(2030, "Season must be 2030 or earlier"),
});

const HALF_POINTS = "must be in steps of 0.5";
const teamCode = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(5, "Team code is too long")
    .transform((code) => code.toUpperCase());

/** A line as sent: a number or a decimal string, in half points; empty means none. */
const lineValue = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((value, context) => {
      // Absent stays absent (a partial edit leaves it alone); empty means no line.
      if (value === undefined) return undefined;
      if (value === null || value === "") return null;
      const number = Number(value);
      if (!Number.isFinite(number)) {
        context.addIssue({ code: "custom", message: `${label} must be a number` });
        return z.NEVER;
      }
      if (!Number.isInteger(number * 2)) {
        context.addIssue({ code: "custom", message: `${label} ${HALF_POINTS}` });
        return z.NEVER;
      }
      return number;
    });

const score = z
  .number({ error: "Scores must be whole numbers of 0 or more" })
  .int("Scores must be whole numbers of 0 or more")
  .min(0, "Scores must be whole numbers of 0 or more")
  .max(999, "Scores must be 999 or less")
  .nullable();

/**
 * The game form of the add and edit dialogs, also every CSV row (docs/rules.md, "Games, lines and
 * scores").
 */
export const gameFields = z.object({
  week: z.coerce
    .number({ error: "Week must be between 1 and 22" })
    .int("Week must be between 1 and 22")
    .min(1, "Week must be between 1 and 22")
    .max(22, "Week must be between 1 and 22"),
  season: z.coerce
    .number({ error: "Season must be 2020 or later" })
    .int()
    .min(2020, "Season must be 2020 or later")
    .max(2030, "Season must be 2030 or earlier"),
  homeTeam: teamCode("Home team is required"),
  awayTeam: teamCode("Away team is required"),
  gameDate: z.iso.datetime({ offset: true, error: "Game date and time is required" }),
  spread: lineValue("Spread").refine(
    (value) => value == null || Math.abs(value) <= 60,
    "Spread must be within 60 points",
  ),
  overUnder: lineValue("Over/under")
    .refine((value) => value == null || value >= 20, "Over/under must be at least 20")
    .refine((value) => value == null || value <= 80, "Over/under must be 80 or less"),
  favoriteTeam: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value.toUpperCase() : null)),
  status: gameStatus.default("upcoming"),
  homeScore: score.optional(),
  awayScore: score.optional(),
});

/**
 * Saving a game as final before its kickoff (by the app's clock) is refused (409) unless the admin
 * confirmed it: this flag says so (docs/rules.md, "Games, lines and scores").
 */
const confirmFinalBeforeKickoff = z.boolean().optional();

const differentTeams = <T extends { homeTeam?: string; awayTeam?: string }>(game: T) =>
  !game.homeTeam || !game.awayTeam || game.homeTeam.toUpperCase() !== game.awayTeam.toUpperCase();
const favoriteIsPlaying = <T extends { homeTeam?: string; awayTeam?: string; favoriteTeam?: string | null }>(
  game: T,
) => !game.favoriteTeam || game.favoriteTeam === game.homeTeam || game.favoriteTeam === game.awayTeam;

export const createGameBody = gameFields
  .extend({ confirmFinalBeforeKickoff })
  .refine(differentTeams, { message: "Away team must be different from home team", path: ["awayTeam"] })
  .refine(favoriteIsPlaying, {
    message: "The favorite must be the home or the away team",
    path: ["favoriteTeam"],
  });
export type CreateGameBody = z.input<typeof createGameBody>;

/** A full edit, or a partial one (score entry: homeScore, awayScore, status). */
export const updateGameBody = gameFields
  .extend({ status: gameStatus.optional(), confirmFinalBeforeKickoff })
  .partial()
  .refine(differentTeams, { message: "Away team must be different from home team", path: ["awayTeam"] });
export type UpdateGameBody = z.input<typeof updateGameBody>;

export const gameIdParams = z.object({ id: z.uuid("Game not found.") });

export const csvImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  total: z.number().int(),
  errors: z.array(z.string()),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;

export const scoreResult = z.object({ gameId: z.uuid(), graded: z.number().int() });
export type ScoreResult = z.infer<typeof scoreResult>;

/** One move of a game's line (docs/rules.md, "Where the line went"): the line as the games give it. */
export const lineMove = z.object({
  /** On the app's clock. */
  movedAt: z.string(),
  /** Decimal string; negative when the home team is favoured. */
  spread: z.string().nullable(),
  favoriteTeam: z.string().nullable(),
  overUnder: z.string().nullable(),
  source: z.enum(LINE_SOURCES),
});
export type LineMove = z.infer<typeof lineMove>;

/** A game's line from its first move to its kickoff. */
export const lineHistory = z.object({
  gameId: z.uuid(),
  opening: lineMove.nullable(),
  /** Oldest first. */
  moves: z.array(lineMove),
  /** The last move at or before the kickoff, once the game has kicked off; null before. */
  closing: lineMove.nullable(),
});
export type LineHistory = z.infer<typeof lineHistory>;

export const seasonParams = weekParams.pick({ season: true });

/** The closing lines of a season's games that have kicked off (those with a recorded move). */
export const closingLines = z.object({
  season: z.number().int(),
  lines: z.array(lineMove.extend({ gameId: z.uuid() })),
});
export type ClosingLines = z.infer<typeof closingLines>;
