import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { favoriteOf } from "@/domain/grading";

/** A made pick with its game as it is now (the game's current line). */
export type LinePick = Pick<MadePick, "market" | "side" | "lineSpread" | "lineFavorite" | "lineTotal"> & {
  game: Pick<Game, "homeTeam" | "awayTeam" | "spread" | "favoriteTeam" | "overUnder">;
};

export interface PickLine {
  /** What was picked: the team of a spread pick ("KC"), "Over" or "Under" of a total. */
  choice: string;
  /** The line the pick was made at, from the picked side: "-3.5", "+3.5", "PK", "47.5"; null if not recorded. */
  at: string | null;
  /** The game's line now, from the same side; null when the game has no line now. */
  now: string | null;
  /** The line has moved since the pick was made. */
  changed: boolean;
}

const points = (value: number) => String(Math.abs(value));
const numberOf = (value: string | null) => (value === null ? null : Number(value));

/** The team a spread side stands for at a line: at pick'em favorite is the home team, underdog the away. */
function teamAt(game: LinePick["game"], side: MadePick["side"], spread: number, favorite: string | null) {
  const favoriteTeam = favoriteOf(game, spread, favorite);
  if (side === "favorite") return favoriteTeam;
  return favoriteTeam === game.homeTeam ? game.awayTeam : game.homeTeam;
}

/** A team's line at a spread (home team's view): "-3.5" for the favorite, "+3.5" for the underdog, "PK" at 0. */
function teamLine(game: LinePick["game"], team: string, spread: number, favorite: string | null): string {
  if (spread === 0) return "PK";
  const favoriteTeam = favoriteOf(game, spread, favorite);
  return `${team === favoriteTeam ? "-" : "+"}${points(spread)}`;
}

/**
 * A pick's line when it was made beside the game's line now, both from the side picked: a spread
 * pick keeps its team whatever happens to the line (the favorite may even change sides).
 */
export function pickLine(pick: LinePick): PickLine {
  const { game } = pick;
  if (pick.market === "total") {
    const atTotal = numberOf(pick.lineTotal);
    const nowTotal = numberOf(game.overUnder);
    const at = atTotal === null ? null : points(atTotal);
    const now = nowTotal === null ? null : points(nowTotal);
    return { choice: pick.side === "over" ? "Over" : "Under", at, now, changed: at !== null && at !== now };
  }
  const atSpread = numberOf(pick.lineSpread);
  const nowSpread = numberOf(game.spread);
  if (atSpread === null) {
    // No recorded line: the side by the line now, nothing to compare.
    const choice =
      nowSpread === null
        ? pick.side === "favorite"
          ? "Favorite"
          : "Underdog"
        : teamAt(game, pick.side, nowSpread, game.favoriteTeam);
    return { choice, at: null, now: null, changed: false };
  }
  const team = teamAt(game, pick.side, atSpread, pick.lineFavorite);
  const at = teamLine(game, team, atSpread, pick.lineFavorite);
  const now = nowSpread === null ? null : teamLine(game, team, nowSpread, game.favoriteTeam);
  return { choice: team, at, now, changed: at !== now };
}

/** "Picked at -3.5 · now -4" when the line moved ("· no line now" when it is off); else the line itself. */
export function lineText(line: PickLine): string {
  if (!line.changed) return line.at ?? "";
  return `Picked at ${line.at} · ${line.now === null ? "no line now" : `now ${line.now}`}`;
}

/**
 * What was picked and its line: "Spread: KC -3.5", "Total: Over 47.5"; once the line has moved,
 * "Spread: KC · Picked at -3.5 · now -4".
 */
export function pickWithLine(pick: LinePick): string {
  const line = pickLine(pick);
  const what = `${pick.market === "total" ? "Total" : "Spread"}: ${line.choice}`;
  if (line.changed) return `${what} · ${lineText(line)}`;
  return line.at ? `${what} ${line.at}` : what;
}

/**
 * A made pick shown short: `label` (its side at the line it was made at, "PHI -8.5") while the line
 * has not moved; once it has, "PHI · Picked at -8.5 · now -9".
 */
export function madePickText(pick: LinePick, label: string): string {
  const line = pickLine(pick);
  return line.changed ? `${line.choice} · ${lineText(line)}` : label;
}
