import { z } from "zod";
import { game } from "./games";

export const market = z.enum(["spread", "total"], { error: 'Market must be "spread" or "total"' });
export const side = z.enum(["favorite", "underdog", "over", "under"], {
  error: "Side must be favorite, underdog, over or under",
});
export const pickResult = z.enum(["pending", "win", "loss", "push"]);

const week = z.coerce
  .number()
  .int()
  .min(1, "Week must be between 1 and 22")
  .max(22, "Week must be between 1 and 22");
const round = z.coerce.number().int().min(1).max(20).default(1);

export const pickWish = z.object({
  gameId: z.uuid("Unknown game."),
  market,
  side,
  /** Made as the player's lock of the week, where the contest plays it (docs/rules.md, "Contest options"). */
  lock: z.boolean({ error: "Lock must be true or false" }).optional(),
});

/** POST /api/picks: one pick. */
export const pickBody = pickWish.extend({ contestId: z.uuid("Contest not found."), week, round });
export type PickBody = z.input<typeof pickBody>;

/** POST /api/picks/batch: the week's picks, all or none. */
export const batchPicksBody = z.object({
  contestId: z.uuid("Contest not found."),
  week,
  round,
  picks: z.array(pickWish).min(1, "Please select your picks to submit.").max(32),
});
export type BatchPicksBody = z.input<typeof batchPicksBody>;
export type BatchPicks = z.output<typeof batchPicksBody>;

/**
 * A pick as it is read: what was picked, at what line, its result and its game (`id`, `market`, `side`,
 * `isWin`, `game`, with the game's id that availability needs; docs/rules.md, "Picks"). Its contest, player,
 * week and round are said by the list it is read in (decision 056).
 */
export const pick = z.object({
  id: z.uuid(),
  gameId: z.uuid(),
  market,
  side,
  /** The line the pick was made at. */
  lineSpread: z.string().nullable(),
  lineFavorite: z.string().nullable(),
  lineTotal: z.string().nullable(),
  /** The player's lock of the week: it counts two wins, or two losses. Absent on every other pick. */
  isLock: z.literal(true).optional(),
  result: pickResult,
  isWin: z.boolean().nullable(),
  game,
});
export type Pick = z.infer<typeof pick>;

export const weekParam = z.object({ id: z.uuid("Contest not found."), week });
export const weekRoundParams = weekParam.extend({ round });
export const playerPicksParams = z.object({
  id: z.uuid("Contest not found."),
  userId: z.uuid("Player not found."),
});
export const playerPicksQuery = z.object({ week: week.optional() });

/** A guess as a viewer sees it: the number; "hidden" (someone else's, before the kickoff); null if none. */
const shownGuess = z.union([z.number().int(), z.literal("hidden")]).nullable();

/**
 * A week's tiebreaker (docs/rules.md, "Contest options"): each player's guess of the total points
 * of the week's last game, and that game's total once it is final.
 */
export const weekTiebreak = z.object({
  /** The week's last game; null in a week without games. */
  gameId: z.uuid().nullable(),
  /** The last game has kicked off: the guesses can no longer change and both are shown. */
  locked: z.boolean(),
  player1Guess: shownGuess,
  player2Guess: shownGuess,
  /** The last game's total points once it is final. */
  total: z.number().int().nullable(),
  /** The last game was canceled: the tiebreaker falls away. */
  canceled: z.boolean(),
});
export type WeekTiebreak = z.infer<typeof weekTiebreak>;

export const weeklyResult = z.object({
  week: z.number().int(),
  potAmount: z.number().int(),
  isSettled: z.boolean(),
  player1Wins: z.number().int(),
  player2Wins: z.number().int(),
  weekWinner: z.enum(["player1", "player2", "tie"]).nullable(),
  /** Who took the week on the tiebreaker (equal wins); absent when wins decided it. */
  tiebreakWinner: z.enum(["player1", "player2"]).optional(),
  /** The week's tiebreaker, when the contest plays it that week. */
  tiebreak: weekTiebreak.optional(),
  /** With the pot's rollover: the part of `potAmount` rolled in from the weeks before it no one won. */
  rolledIn: z.number().int().optional(),
  /** With the pot's rollover: no one won this settled week; its pot goes on to the next week. */
  rollsOver: z.literal(true).optional(),
  player1Picks: z.array(pick),
  player2Picks: z.array(pick),
});
export type WeeklyResult = z.infer<typeof weeklyResult>;

/** GET /api/contests/{id}/weekly-results: every begun week of the contest, the first first. */
export const weeklyResultsAnswer = z.object({ weeklyResults: z.array(weeklyResult) });

/** PUT /api/contests/{id}/tiebreak: a player's guess of the week's last game's total points. */
export const tiebreakGuessBody = z.object({
  week,
  guess: z
    .number({ error: "Guess must be a whole number of points from 0 to 200." })
    .int("Guess must be a whole number of points from 0 to 200.")
    .min(0, "Guess must be a whole number of points from 0 to 200.")
    .max(200, "Guess must be a whole number of points from 0 to 200."),
});
export type TiebreakGuessBody = z.infer<typeof tiebreakGuessBody>;
export const tiebreakQuery = z.object({ week });

/** GET and PUT /api/contests/{id}/tiebreak: the week's tiebreaker; null when the week does not play it. */
export const tiebreakAnswer = z.object({ week: z.number().int(), tiebreak: weekTiebreak.nullable() });
export type TiebreakAnswer = z.infer<typeof tiebreakAnswer>;

/** GET /api/contests/{id}/first-picker/{week}: null until player 2 joins. */
export const firstPickerAnswer = z.object({ firstPickerId: z.uuid().nullable() });

export const availability = z.object({
  opponentPicks: z.array(pick),
  playerPriorPicksDetailed: z.array(pick),
});
export type Availability = z.infer<typeof availability>;

export const firstPickerAssignment = z.object({
  contestId: z.uuid(),
  week: z.number().int(),
  firstPickerId: z.uuid(),
  isManualOverride: z.boolean(),
});
export type FirstPickerAssignment = z.infer<typeof firstPickerAssignment>;

export const saveFirstPickerBody = z.object({
  contestId: z.uuid("Contest not found."),
  week,
  firstPickerId: z.uuid("Choose one of the contest's two players."),
});
export type SaveFirstPickerBody = z.infer<typeof saveFirstPickerBody>;

/**
 * One player's standing in a contest: correct and wrong picks (`wins`, `losses`), settled weeks won
 * and lost (a tied week is neither), and the money.
 */
export const playerStanding = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  weeksWon: z.number().int(),
  weeksLost: z.number().int(),
  runningTotal: z.number().int(),
});

/** A contest's standing, shown on its cards. */
export const contestStanding = z.object({
  player1: playerStanding,
  player2: playerStanding,
  completedWeeks: z.number().int(),
});
export type ContestStanding = z.infer<typeof contestStanding>;
