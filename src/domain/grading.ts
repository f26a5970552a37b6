/**
 * Grading: a pick against a final score, at the line recorded when the pick was made.
 * Spread: the favorite wins when its margin beats the spread, loses when it falls short, pushes on
 * the number. At pick'em (spread 0) the favorite is the home team and must win outright; a tie pushes.
 * Total: over wins above the total, under below, equal pushes.
 */
export type Market = "spread" | "total";
export type Side = "favorite" | "underdog" | "over" | "under";
export type Grade = "win" | "loss" | "push";

export interface PickLine {
  market: Market;
  side: Side;
  /** The spread at pick time, from the home team's view (negative: home favoured). */
  lineSpread: number | null;
  /** The favorite at pick time, when the line named one. */
  lineFavorite: string | null;
  lineTotal: number | null;
}

export interface FinalScore {
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
}

/** The team a spread pick's "favorite" means. */
export function favoriteOf(
  game: { homeTeam: string; awayTeam: string },
  spread: number,
  favorite: string | null,
): string {
  if (spread === 0) return game.homeTeam;
  if (favorite === game.homeTeam || favorite === game.awayTeam) return favorite;
  return spread < 0 ? game.homeTeam : game.awayTeam;
}

const compare = (a: number, b: number): Grade => (a > b ? "win" : a < b ? "loss" : "push");

/**
 * Points past the line, the pick's way, at a score: a spread pick's side's margin with its points
 * (the favorite gives the spread, the underdog gets it), a total's points scored past the line for
 * the over, short of it for the under. Positive wins, negative loses, zero pushes.
 */
export function marginAgainstLine(pick: PickLine, score: FinalScore): number {
  if (pick.market === "total") {
    if (pick.lineTotal === null) throw new Error("A total pick needs the total it was made at");
    const past = score.homeScore + score.awayScore - pick.lineTotal;
    return pick.side === "over" ? past : -past;
  }
  if (pick.lineSpread === null) throw new Error("A spread pick needs the spread it was made at");
  const favorite = favoriteOf(score, pick.lineSpread, pick.lineFavorite);
  const margin =
    favorite === score.homeTeam ? score.homeScore - score.awayScore : score.awayScore - score.homeScore;
  const points = Math.abs(pick.lineSpread);
  return pick.side === "favorite" ? margin - points : points - margin;
}

export function gradePick(pick: PickLine, score: FinalScore): Grade {
  return compare(marginAgainstLine(pick, score), 0);
}

/** `isWin` as the API shows it: true, false, or null for pending and push. */
export function isWinOf(result: Grade | "pending"): boolean | null {
  return result === "win" ? true : result === "loss" ? false : null;
}
