import { z } from "zod";
import { type CreateGameBody, type Game, gameFields, gameStatus } from "@/contracts/games";
import type { SeasonInfo } from "@/contracts/season";
import { weekPhrase } from "@/client/lib/week-names";

/**
 * The game form as the inputs hold it (strings), checked by the contract's own field schemas
 * and their messages. Two readings of the week: the Add Game and Edit Game dialogs take 1 to 22, the
 * inline add form of the games screen 1 to 18.
 */
export type GameFormVariant = "inline" | "dialog";

export const GAME_FORM_MAX_WEEK: Record<GameFormVariant, number> = { inline: 18, dialog: 22 };

const WEEK_22 = "Week must be between 1 and 22";
const WEEK_18 = "Week must be between 1 and 18";
// The contract's number fields coerce anything; here they read the trimmed text of an input.
const fromText = (schema: z.ZodType<number, unknown>) => schema as z.ZodType<number, string>;
const week18 = z.coerce.number({ error: WEEK_18 }).int(WEEK_18).min(1, WEEK_18).max(18, WEEK_18);

function gameFormSchema(variant: GameFormVariant) {
  const inline = variant === "inline";
  return z
    .object({
      week: z
        .string()
        .trim()
        .min(1, inline ? "Week is required" : WEEK_22)
        .pipe(fromText(inline ? week18 : gameFields.shape.week)),
      season: z
        .string()
        .trim()
        .min(1, inline ? "Season is required" : "Season must be 2020 or later")
        .pipe(fromText(gameFields.shape.season)),
      awayTeam: gameFields.shape.awayTeam,
      homeTeam: gameFields.shape.homeTeam,
      gameDate: gameFields.shape.gameDate,
      spread: gameFields.shape.spread,
      overUnder: gameFields.shape.overUnder,
      favorite: z.enum(["auto", "home", "away"]),
      status: gameStatus,
    })
    .refine((game) => game.homeTeam !== game.awayTeam, {
      message: "Away team must be different from home team",
      path: ["awayTeam"],
    });
}

/** The inline add form of the games screen: weeks 1 to 18. */
export const inlineGameForm = gameFormSchema("inline");
/** The Add Game and Edit Game dialogs: weeks 1 to 22. */
export const dialogGameForm = gameFormSchema("dialog");

export type GameFormValues = z.input<typeof dialogGameForm>;
export type GameFormOutput = z.output<typeof dialogGameForm>;

export type FavoriteMode = GameFormValues["favorite"];

/**
 * The favorite from the spread (docs/rules.md, "Games, lines and scores"): negative means home,
 * positive away, zero or empty none.
 */
export function spreadFavorite(
  homeTeam: string,
  awayTeam: string,
  spread: string | number | null | undefined,
) {
  if (spread === null || spread === undefined || spread === "") return null;
  const number = Number(spread);
  if (!Number.isFinite(number) || number === 0) return null;
  return number < 0 ? homeTeam : awayTeam;
}

/** How the edit form shows a stored favorite: automatic when the spread names it anyway. */
export function favoriteModeOf(
  game: Pick<Game, "homeTeam" | "awayTeam" | "spread" | "favoriteTeam">,
): FavoriteMode {
  const fromSpread = spreadFavorite(game.homeTeam, game.awayTeam, game.spread);
  if (!game.favoriteTeam || !fromSpread || game.favoriteTeam === fromSpread) return "auto";
  if (game.favoriteTeam === game.homeTeam) return "home";
  if (game.favoriteTeam === game.awayTeam) return "away";
  return "auto";
}

/** The favorite a form sends: none in automatic mode (the server derives it from the spread). */
export function favoriteTeamFor(mode: FavoriteMode, homeTeam: string, awayTeam: string): string | null {
  if (mode === "home") return homeTeam;
  if (mode === "away") return awayTeam;
  return null;
}

export const emptyGameForm = (season: number | undefined): GameFormValues => ({
  week: "",
  season: season === undefined ? "" : String(season),
  awayTeam: "",
  homeTeam: "",
  gameDate: "",
  spread: "",
  overUnder: "",
  favorite: "auto",
  status: "upcoming",
});

const SEPTEMBER = 8;

/**
 * The week and season the Add Game dialog starts on. The server's season calendar when it has
 * answered: it runs on the server's clock, as every other screen's "current week" does, so the
 * dialog agrees with them (and with a server whose clock is set apart from the viewer's). Until
 * then a rule on the viewer's clock: week 1 from September on, else week 18 —
 * of the season that began the September before, since that is the season whose week 18 it is.
 */
export function addDialogStart(
  season: Pick<SeasonInfo, "season" | "currentWeek"> | undefined,
  now: Date,
): { week: number; season: number } {
  if (season) return { week: season.currentWeek, season: season.season };
  const autumn = now.getMonth() >= SEPTEMBER;
  return { week: autumn ? 1 : 18, season: autumn ? now.getFullYear() : now.getFullYear() - 1 };
}

const lineText = (value: string | null) => (value === null ? "" : String(Number(value)));

export const gameFormValuesOf = (game: Game): GameFormValues => ({
  week: String(game.week),
  season: String(game.season),
  awayTeam: game.awayTeam,
  homeTeam: game.homeTeam,
  gameDate: game.gameDate,
  spread: lineText(game.spread),
  overUnder: lineText(game.overUnder),
  favorite: favoriteModeOf(game),
  status: game.status,
});

const wireLine = (value: number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

/** The body of POST /api/games and of a full PATCH. */
export const gameBodyOf = (values: GameFormOutput): CreateGameBody => ({
  week: values.week,
  season: values.season,
  homeTeam: values.homeTeam,
  awayTeam: values.awayTeam,
  gameDate: new Date(values.gameDate).toISOString(),
  spread: wireLine(values.spread),
  overUnder: wireLine(values.overUnder),
  favoriteTeam: favoriteTeamFor(values.favorite, values.homeTeam, values.awayTeam),
  status: values.status,
});

/**
 * The Add Game dialog's toast, the product's text: "{away} @ {home} has been added to week W.", or
 * to a postseason round ("... has been added to the Wild Card round.").
 */
export const gameAddedText = (game: Pick<CreateGameBody, "awayTeam" | "homeTeam" | "week">) =>
  `${game.awayTeam} @ ${game.homeTeam} has been added to ${weekPhrase(Number(game.week), true)}.`;
