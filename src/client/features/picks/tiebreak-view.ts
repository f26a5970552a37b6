/**
 * Make Picks' Tiebreaker card, pure: what it asks, whether the viewer may still guess, and what it
 * says of the guesses (docs/rules.md): a guess is its maker's own until the last game kicks off.
 */
import type { Game } from "@/contracts/games";
import type { WeekTiebreak } from "@/contracts/picks";
import { formatKickoff, matchupOf } from "@/client/lib/games";
import { guessText, tiebreakLine } from "@/client/lib/tiebreak";

export interface TiebreakCardInput {
  tiebreak: WeekTiebreak;
  /** The week's last game (the tiebreaker's). */
  game: Pick<Game, "awayTeam" | "homeTeam" | "gameDate" | "status">;
  /** The viewer's seat; null when they do not play in the contest (an admin looking in). */
  seat: "player1" | "player2" | null;
  /** The contest is active: its players' guesses may be made. */
  active: boolean;
  /** The viewer's name and the opponent's; player 1's and player 2's for a viewer who does not play. */
  names: { player: string; opponent: string };
  now: Date;
}

export type TiebreakCardView = { prompt: string } & (
  | {
      mode: "guess";
      /** The viewer's saved guess, if any. */
      mine: number | null;
      button: "Save Guess" | "Change Guess";
      /** "Bob has made their guess." or "Bob has not guessed yet." */
      opponent: string;
    }
  /** Guesses locked at the kickoff, or read only: both as the answer shows them. */
  | { mode: "locked" | "read-only"; line: string }
);

/** The last game has kicked off (or is on, or over): guesses can no longer change. */
export const guessesLocked = (input: Pick<TiebreakCardInput, "tiebreak" | "game" | "now">) =>
  input.tiebreak.locked ||
  input.game.status === "live" ||
  input.game.status === "final" ||
  Date.parse(input.game.gameDate) <= input.now.getTime();

export function tiebreakCardView(input: TiebreakCardInput): TiebreakCardView {
  const { tiebreak, game, seat, names } = input;
  const prompt = `Guess the total points of ${matchupOf(game)}, the week's last game (${formatKickoff(game.gameDate)}).`;
  // The viewer's guess first (player 1's for a viewer who does not play).
  const [mine, theirs] =
    seat === "player2"
      ? [tiebreak.player2Guess, tiebreak.player1Guess]
      : [tiebreak.player1Guess, tiebreak.player2Guess];
  if (seat && guessesLocked(input)) {
    return {
      prompt,
      mode: "locked",
      line: `Guesses locked at kickoff: ${names.player} ${guessText(mine)} · ${names.opponent} ${guessText(theirs)}`,
    };
  }
  if (!seat || !input.active) {
    const line = tiebreakLine(
      { ...tiebreak, player1Guess: mine, player2Guess: theirs },
      { player1: names.player, player2: names.opponent },
    );
    return { prompt, mode: "read-only", line };
  }
  const saved = typeof mine === "number" ? mine : null;
  return {
    prompt,
    mode: "guess",
    mine: saved,
    button: saved === null ? "Save Guess" : "Change Guess",
    opponent:
      theirs === null ? `${names.opponent} has not guessed yet.` : `${names.opponent} has made their guess.`,
  };
}
