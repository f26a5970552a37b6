import { z } from "zod";
import { type CreateGameBody, type Game, gameFields, gameStatus } from "@/contracts/games";
import { favoriteModeOf, favoriteTeamFor } from "./games-admin";

/**
 * The game form as the inputs hold it (strings), checked by the contract's own field schemas
 * (SPEC.md section 5 messages). Two readings of the week: the Edit Game dialog takes 1 to 22, the
 * inline add form 1 to 18 (SPEC.md sections 5 and 9).
 */
const WEEK_22 = "Week must be between 1 and 22";
const WEEK_18 = "Week must be between 1 and 18";
// The contract's number fields coerce anything; here they read the trimmed text of an input.
const fromText = (schema: z.ZodType<number, unknown>) => schema as z.ZodType<number, string>;
const week18 = z.coerce.number({ error: WEEK_18 }).int(WEEK_18).min(1, WEEK_18).max(18, WEEK_18);

function gameFormSchema(variant: "add" | "edit") {
  const add = variant === "add";
  return z
    .object({
      week: z
        .string()
        .trim()
        .min(1, add ? "Week is required" : WEEK_22)
        .pipe(fromText(add ? week18 : gameFields.shape.week)),
      season: z
        .string()
        .trim()
        .min(1, add ? "Season is required" : "Season must be 2020 or later")
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

export const addGameForm = gameFormSchema("add");
export const editGameForm = gameFormSchema("edit");

export type GameFormValues = z.input<typeof addGameForm>;
export type GameFormOutput = z.output<typeof addGameForm>;

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
