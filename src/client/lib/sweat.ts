/**
 * The sweat as the screens say it (docs/rules.md, "The sweat"): each live pick against its line,
 * "Covering by 3.5 with 9:12 left in Q4", and a week in progress, "If it ended now: Bea Baker wins
 * 2–1 and takes the $10 pot". Read from the picks' games as the page holds them: a live score's
 * event patches those games in place (`patchGames`), so these texts move with it, with no request.
 */
import type { Game } from "@/contracts/games";
import type { Pick as MadePick, WeeklyResult, WeekTiebreak } from "@/contracts/picks";
import type { Grade } from "@/domain/grading";
import {
  ifItEndedNow,
  isLive,
  pickSweat,
  sweatText,
  totalNow,
  type EndedNow,
  type SweatGame,
  type SweatPick,
} from "@/domain/sweat";
import type { TiebreakInput } from "@/domain/weekly";
import { formatDollars } from "./format";
import { pickLine } from "./pick-line";

/** A game's fields the sweat reads. */
export type SweatGameFields = Pick<
  Game,
  "id" | "homeTeam" | "awayTeam" | "homeScore" | "awayScore" | "status" | "period" | "clock" | "phase"
>;

/** A made pick's fields the sweat reads, with its game. */
export type SweatMadePick = Pick<
  MadePick,
  "market" | "side" | "lineSpread" | "lineFavorite" | "lineTotal" | "result" | "isLock"
> & { game: SweatGameFields };

const numberOf = (value: string | null) => (value === null ? null : Number(value));

/** A pick as the domain's sweat reads it: its line in numbers, its game as now (`game`, else its own). */
function sweatPickOf(pick: SweatMadePick, game: SweatGame = pick.game): SweatPick {
  return {
    market: pick.market,
    side: pick.side,
    lineSpread: numberOf(pick.lineSpread),
    lineFavorite: pick.lineFavorite,
    lineTotal: numberOf(pick.lineTotal),
    result: pick.result,
    isLock: pick.isLock === true,
    game,
  };
}

export interface ShownSweat {
  /** The pick's grade if the game ended now. */
  grade: Grade;
  /** "Covering by 3.5 with 9:12 left in Q4", "Under by 1.5 at halftime", "Push right now". */
  text: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * How a pick stands while its game is live, at its own line; `game` is the game as a week's list of
 * games holds it (else the pick's own). Null when the game is not live: nothing new to say.
 */
export function pickSweatOf(pick: SweatMadePick, game?: SweatGameFields): ShownSweat | null {
  const at = sweatPickOf(pick, game);
  const sweat = pickSweat(at, at.game);
  return sweat ? { grade: sweat.grade, text: capitalized(sweatText(sweat, at.game)) } : null;
}

/** A pick shown short, at the line it was made at: "KC -3.5", "Over 49.5", "KC PK". */
export function shortPickText(pick: Parameters<typeof pickLine>[0]): string {
  const line = pickLine(pick);
  return line.at ? `${line.choice} ${line.at}` : line.choice;
}

/**
 * The week's tiebreaker as it would decide now: its guesses, and its game's points now (final, or
 * live: the game found among `games`); no points while it has not kicked off; "void" canceled.
 */
function tiebreakNow(
  tiebreak: WeekTiebreak | undefined,
  games: readonly SweatGameFields[],
): TiebreakInput | undefined {
  if (!tiebreak) return undefined;
  if (tiebreak.canceled) return { player1Guess: null, player2Guess: null, total: "void" };
  const guess = (shown: WeekTiebreak["player1Guess"]) => (shown === "hidden" ? null : shown);
  const game = games.find((candidate) => candidate.id === tiebreak.gameId);
  return {
    player1Guess: guess(tiebreak.player1Guess),
    player2Guess: guess(tiebreak.player2Guess),
    // The guesses are shown from the kickoff on: before it, the tiebreaker tells nothing.
    total: tiebreak.locked ? (tiebreak.total ?? totalNow(game)) : null,
  };
}

export type WeekSweatInput = Pick<
  WeeklyResult,
  "isSettled" | "potAmount" | "tiebreak" | "player1Picks" | "player2Picks"
>;

/**
 * A week in progress if every game ended now: "If it ended now: Bea Baker wins 2–1 and takes the
 * $10 pot" ("… wins 2–1" when the pot is $0), "If it ended now: 1–1, a push", "If it ended now: 1–1,
 * Bea Baker wins on the tiebreaker and takes the $10 pot", "If it ended now: 1–1, the tiebreaker
 * would decide" (its game not kicked off). Null for a settled week and one with no live pick.
 * `games` may add the week's games the picks do not hold (the tiebreaker's).
 */
export function weekSweatText(
  week: WeekSweatInput,
  names: { player1: string; player2: string },
  games: readonly SweatGameFields[] = [],
): string | null {
  if (week.isSettled) return null;
  const picks = [...week.player1Picks, ...week.player2Picks];
  if (!picks.some(isLive)) return null;
  const now = ifItEndedNow({
    player1Picks: week.player1Picks.map((pick) => sweatPickOf(pick)),
    player2Picks: week.player2Picks.map((pick) => sweatPickOf(pick)),
    tiebreak: tiebreakNow(week.tiebreak, [...picks.map((pick) => pick.game), ...games]),
  });
  return `If it ended now: ${endedNowText(now, names, week.potAmount)}`;
}

function endedNowText(now: EndedNow, names: { player1: string; player2: string }, pot: number): string {
  const { player1Wins: one, player2Wins: two, winner } = now;
  if (winner === null) return `${one}–${two}, the tiebreaker would decide`;
  if (winner === "tie") return `${one}–${two}, a push`;
  const [won, lost] = winner === "player1" ? [one, two] : [two, one];
  const takes = pot > 0 ? ` and takes the ${formatDollars(pot)} pot` : "";
  return now.onTiebreaker
    ? `${won}–${lost}, ${names[winner]} wins on the tiebreaker${takes}`
    : `${names[winner]} wins ${won}–${lost}${takes}`;
}
