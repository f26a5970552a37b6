import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { favoriteOf } from "@/domain/grading";
import { hasKickedOff } from "@/domain/line-history";
import { serverDate } from "./server-clock";

/** A made pick with its game as it is now (the game's current line). */
export type LinePick = Pick<MadePick, "market" | "side" | "lineSpread" | "lineFavorite" | "lineTotal"> & {
  game: Pick<Game, "homeTeam" | "awayTeam" | "spread" | "favoriteTeam" | "overUnder">;
};

/** A game's line at its kickoff (docs/rules.md, "Where the line went"). */
export type ClosingLine = Pick<Game, "spread" | "favoriteTeam" | "overUnder">;

export interface PickLine {
  /** What was picked: the team of a spread pick ("KC"), "Over" or "Under" of a total. */
  choice: string;
  /** The line the pick was made at, from the picked side: "-3.5", "+3.5", "PK", "47.5"; null if not recorded. */
  at: string | null;
  /** The game's line now (its closing line once `closed`), from the same side; null when it has none. */
  now: string | null;
  /** The line has moved since the pick was made. */
  changed: boolean;
  /** The game has kicked off: `now` is its closing line. */
  closed: boolean;
}

/** The game has kicked off by the server's clock (its status, or its kickoff come). */
export const gameKickedOff = (game: Pick<Game, "status" | "gameDate">, now = serverDate()) =>
  hasKickedOff({ status: game.status, gameDate: new Date(game.gameDate) }, now);

/**
 * What a pick's line is shown beside once its game has kicked off: its closing line from the
 * season's (`lines`), else the game's own line (a game with no recorded move: its line no longer
 * moves from the kickoff). Undefined before the kickoff: the line now, then.
 */
export function closingLineOf(
  game: Pick<Game, "id" | "status" | "gameDate" | "spread" | "favoriteTeam" | "overUnder">,
  lines: ReadonlyMap<string, ClosingLine> | undefined,
  now = serverDate(),
): ClosingLine | undefined {
  if (!gameKickedOff(game, now)) return undefined;
  return lines?.get(game.id) ?? game;
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
export function pickLine(pick: LinePick, closing?: ClosingLine): PickLine {
  const game = closing ? { ...pick.game, ...closing } : pick.game;
  const closed = closing !== undefined;
  if (pick.market === "total") {
    const atTotal = numberOf(pick.lineTotal);
    const nowTotal = numberOf(game.overUnder);
    const at = atTotal === null ? null : points(atTotal);
    const now = nowTotal === null ? null : points(nowTotal);
    const choice = pick.side === "over" ? "Over" : "Under";
    return { choice, at, now, changed: at !== null && at !== now, closed };
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
    return { choice, at: null, now: null, changed: false, closed };
  }
  const team = teamAt(game, pick.side, atSpread, pick.lineFavorite);
  const at = teamLine(game, team, atSpread, pick.lineFavorite);
  const now = nowSpread === null ? null : teamLine(game, team, nowSpread, game.favoriteTeam);
  return { choice: team, at, now, changed: at !== now, closed };
}

/** "closed -4", or "no line at kickoff". */
const closedText = (line: PickLine) => (line.now === null ? "no line at kickoff" : `closed ${line.now}`);

/**
 * "Picked at -3.5 · now -4" when the line moved ("· no line now" when it is off), "-3.5 · closed -4"
 * once the game has kicked off; else the line itself.
 */
export function lineText(line: PickLine): string {
  if (!line.changed) return line.at ?? "";
  if (line.closed) return `${line.at} · ${closedText(line)}`;
  return `Picked at ${line.at} · ${line.now === null ? "no line now" : `now ${line.now}`}`;
}

/**
 * What was picked and its line: "Spread: KC -3.5", "Total: Over 47.5"; once the line has moved,
 * "Spread: KC · Picked at -3.5 · now -4", and once the game has kicked off (`closing`, see
 * `closingLineOf`) "Spread: KC -3.5 · closed -4".
 */
export function pickWithLine(pick: LinePick, closing?: ClosingLine): string {
  const line = pickLine(pick, closing);
  const what = `${pick.market === "total" ? "Total" : "Spread"}: ${line.choice}`;
  if (line.changed) return `${what}${line.closed ? " " : " · "}${lineText(line)}`;
  return line.at ? `${what} ${line.at}` : what;
}

/**
 * A made pick shown short: `label` (its side at the line it was made at, "PHI -8.5") while the line
 * has not moved; once it has, "PHI · Picked at -8.5 · now -9", and once the game has kicked off
 * "PHI -8.5 · closed -9". Of the player's own picks listed on their own (`own`), "You got PHI -8.5
 * · it closed -9".
 */
export function madePickText(
  pick: LinePick,
  label: string,
  closing?: ClosingLine,
  options: { own?: boolean } = {},
): string {
  const line = pickLine(pick, closing);
  if (!line.changed) return label;
  if (!line.closed) return `${line.choice} · ${lineText(line)}`;
  if (!options.own) return `${line.choice} ${lineText(line)}`;
  return `You got ${line.choice} ${line.at} · ${line.now === null ? "no line at kickoff" : `it closed ${line.now}`}`;
}
