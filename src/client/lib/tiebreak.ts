import type { WeekTiebreak } from "@/contracts/picks";

/**
 * The weekly tiebreaker as the screens say it (docs/rules.md, "Contest options"): each player's
 * guess of the total points of the week's last game, hidden from the other until its kickoff.
 */

type ShownGuess = WeekTiebreak["player1Guess"];

/** "47", "hidden until kickoff" (the other player's, before the kickoff), or "no guess". */
export const guessText = (guess: ShownGuess): string =>
  guess === "hidden" ? "hidden until kickoff" : guess === null ? "no guess" : String(guess);

/**
 * "Tiebreaker: Ada 47 · Bob hidden until kickoff", with " · Total 51" once the last game is final;
 * "Tiebreaker game canceled" when it was canceled (the tiebreaker falls away).
 */
export function tiebreakLine(
  tiebreak: Pick<WeekTiebreak, "player1Guess" | "player2Guess" | "total" | "canceled">,
  names: { player1: string; player2: string },
): string {
  if (tiebreak.canceled) return "Tiebreaker game canceled";
  const guesses = `Tiebreaker: ${names.player1} ${guessText(tiebreak.player1Guess)} · ${names.player2} ${guessText(tiebreak.player2Guess)}`;
  return tiebreak.total === null ? guesses : `${guesses} · Total ${tiebreak.total}`;
}
