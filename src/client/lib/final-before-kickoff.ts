import type { Game, GameStatus } from "@/contracts/games";

/**
 * True when a save would make a game final before its kickoff (by the server's clock): the server
 * asks for a confirmation then (409 without `confirmFinalBeforeKickoff`), and so does the page, first.
 * A game already final needs none for a correction.
 */
export function isFinalBeforeKickoff(
  saved: Pick<Game, "status">,
  next: { status?: GameStatus; gameDate: string },
  now: number,
): boolean {
  return next.status === "final" && saved.status !== "final" && Date.parse(next.gameDate) > now;
}
