/**
 * The Make Picks screen's view logic, pure: which contest and week, the turn alert, button labels
 * and states, the confirmation lines, the submission checks. The server enforces every rule; this
 * only shows them before the player runs into a refusal.
 */
import type { Contest, Round } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import type { TurnInfo } from "@/contracts/turn";
import { favoriteOf, type Market, type Side } from "@/domain/grading";
import { isOpen, type Selection } from "@/domain/picks";
import { firstPickerDeadline } from "@/domain/turn";
import { plural } from "@/domain/plural";
import { nextPickDue, nextPickDueText } from "@/client/lib/next-pick-due";
import { matchupOf } from "@/client/lib/games";
import { weekPhrase } from "@/client/lib/week-names";

export type { Selection };

/** Why nobody can pick here, whatever the turn: not a player, a contest not under way, another week. */
export function pickingBlock(contest: Contest, userId: string, week: number): string | null {
  if (userId !== contest.player1Id && userId !== contest.player2Id) {
    return "Only the contest's two players make picks in it.";
  }
  if (contest.status !== "active") return `This contest is ${contest.status}: picks are closed.`;
  if (week !== contest.currentWeek)
    return `Picks are open for ${weekPhrase(contest.currentWeek, true)} only.`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Turn order

export type TurnKind = "first" | "second" | "wait";

export interface TurnInput {
  isFirstPicker: boolean;
  /** The opponent's picks this week. */
  opponentPickCount: number;
  maxPicks: number;
  /** Thursday 4:00 PM Pacific of the week has passed: the second picker no longer waits. */
  deadlinePassed: boolean;
  /** Picks the player still has to make this week. */
  remaining: number;
  opponentName: string;
}

export interface TurnAlert {
  kind: TurnKind;
  message: string;
  canPick: boolean;
}

/** Make Picks' turn alerts: the first picker picks; the second once the first is done or late. */
export function turnAlert(input: TurnInput): TurnAlert {
  const n = input.remaining;
  if (input.isFirstPicker) {
    return {
      kind: "first",
      message: `You pick first this week! Select ${plural(n, "more game", "more games")} to complete your picks.`,
      canPick: true,
    };
  }
  if (input.opponentPickCount >= input.maxPicks || input.deadlinePassed) {
    return {
      kind: "second",
      message: `Select ${plural(n, "more game", "more games")} to complete your picks.`,
      canPick: true,
    };
  }
  return {
    kind: "wait",
    message: `Wait for ${input.opponentName} to make their picks first, then you can select ${plural(n, "game")}.`,
    canPick: false,
  };
}

/** A week of custom rounds as Make Picks reads it (GET current-round). */
export interface RoundsTurn {
  rounds: readonly Round[];
  currentRound: number;
  /** Whose turn it is by the rounds (null once every pick is made). */
  turnUserId: string | null;
  /** Picks left in that turn. */
  turnPicksLeft: number;
}

/**
 * The turn alert of a week of several rounds (domain/rounds.ts, `turnRights`): the player on turn
 * picks that round's picks; the other waits while they have picks of their own left, until the
 * hand-over deadline; after it, or once their round is done, they pick what is left.
 */
export function roundsTurnAlert(input: {
  turn: RoundsTurn;
  userId: string;
  /** Picks the player may select now (this round's on their turn, else every pick left). */
  remaining: number;
  /** The player's picks still to make this week, extra games aside. */
  baseLeft: number;
  deadlinePassed: boolean;
  opponentName: string;
}): TurnAlert {
  const { turn, remaining } = input;
  const round = `Round ${turn.currentRound} of ${turn.rounds.length}`;
  const waits =
    turn.turnUserId !== null &&
    turn.turnUserId !== input.userId &&
    input.baseLeft > 0 &&
    !input.deadlinePassed;
  if (waits) {
    return {
      kind: "wait",
      message: `${round}: wait for ${input.opponentName} to make their round ${turn.currentRound} ${turn.turnPicksLeft === 1 ? "pick" : "picks"}, then it is your turn.`,
      canPick: false,
    };
  }
  const onTurn = turn.turnUserId === input.userId && !input.deadlinePassed;
  return {
    kind: "second",
    message: onTurn
      ? `${round}: select ${plural(remaining, "more game", "more games")} for this round.`
      : `Select ${plural(remaining, "more game", "more games")} to complete your picks.`,
    canPick: true,
  };
}

/**
 * The picks (extra games aside) a player may hold once they submit now: on their turn of a week of
 * several rounds before the hand-over deadline, their picks through this round; else the week's.
 */
export function allowanceNow(input: {
  turn: RoundsTurn | null;
  userId: string;
  weekPicks: number;
  baseHeld: number;
  deadlinePassed: boolean;
}): number {
  const { turn } = input;
  if (!turn || turn.rounds.length < 2 || input.deadlinePassed || turn.turnUserId !== input.userId)
    return input.weekPicks;
  return Math.min(input.baseHeld + turn.turnPicksLeft, input.weekPicks);
}

/** The first picker's deadline: Thursday 4:00 PM Pacific of the week the games are in. */
export function weekDeadline(games: readonly Pick<Game, "gameDate">[]): Date | null {
  if (games.length === 0) return null;
  const first = games.reduce(
    (earliest, game) => (game.gameDate < earliest ? game.gameDate : earliest),
    games[0]!.gameDate,
  );
  // A week runs from the Tuesday turnover on or before its first kickoff: "week 1" of that kickoff.
  return firstPickerDeadline(new Date(first), 1);
}

/**
 * Make Picks' "Deadline": when the week's next pick is due (docs/rules.md, "Next pick due"), "TBD"
 * for a week without games, and "…" until the week's turn is known.
 */
export function deadlineText(gameCount: number, turn: TurnInfo | undefined, player1Id: string, now: Date) {
  if (gameCount === 0) return "TBD";
  if (!turn) return "…";
  return nextPickDueText(nextPickDue(turn, player1Id, now), turn.week, "page");
}

export const gameCountLabel = (count: number) => plural(count, "game");

/**
 * Nothing can be picked on the page: nobody picks here (see pickingBlock), or every game of a week
 * that has games has kicked off.
 */
export const picksClosed = (block: string | null, gameCount: number, openCount: number) =>
  block !== null || (gameCount > 0 && openCount === 0);

/** Make Picks' "Picks Remaining" and "Selected": "—" for both once picks are closed (see picksClosed). */
export function pickCountTexts(input: {
  closed: boolean;
  remaining: number;
  /** Of how many picks `remaining` is counted: "of 2 this week". */
  note: string;
  selected: number;
}): { remaining: string; remainingNote: string | undefined; selected: string } {
  if (input.closed) return { remaining: "—", remainingNote: undefined, selected: "—" };
  return {
    remaining: String(input.remaining),
    remainingNote: input.note,
    selected: `${input.selected}/${input.remaining}`,
  };
}

/** A game may be picked while it is upcoming and has not kicked off (by the server's clock). */
export const isGameOpen = (game: Pick<Game, "status" | "gameDate">, now: Date) =>
  isOpen({ status: game.status, gameDate: new Date(game.gameDate) }, now);

// ---------------------------------------------------------------------------------------------
// Labels

/** "8.5", "3": lines come in half points. */
const points = (value: number) => String(Math.abs(value));

type Matchup = Pick<Game, "homeTeam" | "awayTeam">;
type Line = { spread: number | null; favorite: string | null; total: number | null };

const lineOf = (game: Pick<Game, "spread" | "overUnder" | "favoriteTeam">): Line => ({
  spread: game.spread === null ? null : Number(game.spread),
  favorite: game.favoriteTeam,
  total: game.overUnder === null ? null : Number(game.overUnder),
});

/** The team a spread side means at a spread; at pick'em favorite is the home team, underdog the away. */
function teamOf(game: Matchup, side: Side, spread: number, favorite: string | null): string {
  const favoriteTeam = favoriteOf(game, spread, favorite);
  if (side === "favorite") return favoriteTeam;
  return favoriteTeam === game.homeTeam ? game.awayTeam : game.homeTeam;
}

function labelAt(game: Matchup, market: Market, side: Side, line: Line): string {
  if (market === "total") {
    const word = side === "over" ? "Over" : "Under";
    return line.total === null ? word : `${word} ${points(line.total)}`;
  }
  if (line.spread === null) return side === "favorite" ? "Favorite" : "Underdog";
  const team = teamOf(game, side, line.spread, line.favorite);
  if (line.spread === 0) return team;
  return `${team} ${side === "favorite" ? "-" : "+"}${points(line.spread)}`;
}

/** A pick button's label at the game's current line: "PHI -8.5", "DAL +8.5", "PHI" at pick'em, "Over 47.5". */
export const sideLabel = (game: Game, market: Market, side: Side) =>
  labelAt(game, market, side, lineOf(game));

export interface SideOption {
  market: Market;
  side: Side;
  label: string;
}

/** A game's pick buttons, per market (null without a line): favorite then underdog (away then home at pick'em); over then under. */
export function sideOptions(game: Game): Record<Market, SideOption[] | null> {
  const line = lineOf(game);
  const option = (market: Market, side: Side): SideOption => ({
    market,
    side,
    label: labelAt(game, market, side, line),
  });
  const spreadSides: Side[] = line.spread === 0 ? ["underdog", "favorite"] : ["favorite", "underdog"];
  return {
    spread: line.spread === null ? null : spreadSides.map((side) => option("spread", side)),
    total: line.total === null ? null : [option("total", "over"), option("total", "under")],
  };
}

/** A pick already made, at the line it was made at: "PHI -8.5", "PHI (Pick'em)", "Under 44.5". */
export function pickLabel(pick: MadePick): string {
  const recorded: Line = {
    spread: pick.lineSpread === null ? null : Number(pick.lineSpread),
    favorite: pick.lineFavorite,
    total: pick.lineTotal === null ? null : Number(pick.lineTotal),
  };
  const line =
    pick.market === "spread"
      ? recorded.spread === null
        ? lineOf(pick.game)
        : recorded
      : recorded.total === null
        ? lineOf(pick.game)
        : recorded;
  const label = labelAt(pick.game, pick.market, pick.side, line);
  return pick.market === "spread" && line.spread === 0 ? `${label} (Pick'em)` : label;
}

export { matchupOf };

/** A matchup as a screen reader should say it: "DAL at PHI" (it reads "@" as "at sign"). */
export const spokenMatchup = (game: Matchup) => `${game.awayTeam} at ${game.homeTeam}`;

/** The submission's confirmation line: "away @ home - Spread: {favorite team or Underdog}" or "... - Total: Over/Under {line}". */
export function confirmLine(game: Game, selection: Pick<Selection, "market" | "side">): string {
  const matchup = matchupOf(game);
  if (selection.market === "total") return `${matchup} - Total: ${sideLabel(game, "total", selection.side)}`;
  if (selection.side === "underdog") return `${matchup} - Spread: Underdog`;
  const spread = game.spread === null ? 0 : Number(game.spread);
  return `${matchup} - Spread: ${favoriteOf(game, spread, game.favoriteTeam)}`;
}

// ---------------------------------------------------------------------------------------------
// Buttons and selection

export type Marker = "Opp" | "You";

export interface SideStateInput {
  market: Market;
  side: Side;
  /** The side the opponent holds on this game and market, if any. */
  opponentSide: Side | undefined;
  /** The side the player already holds (submitted earlier) on this game and market, if any. */
  mySide: Side | undefined;
  /** The side selected now on this game and market, if any. */
  selectedSide: Side | undefined;
  /** Whether the player may pick at all now, and if not why. */
  canPick: boolean;
  blockedReason: string | null;
  /** The selection holds every pick the player still has to make (or every one this game may take). */
  full: boolean;
  /** Why the game is full when it is not the count: the extra pick belongs to an extra game. */
  fullReason?: string | null;
  remaining: number;
  opponentName: string;
}

export interface SideState {
  selected: boolean;
  disabled: boolean;
  marker: Marker | null;
  /** Why the button is disabled, for its title and accessible name. */
  reason: string | null;
}

const MARKET_NAME: Record<Market, string> = { spread: "spread", total: "over/under" };

export function sideState(input: SideStateInput): SideState {
  const off = (reason: string, marker: Marker | null = null): SideState => ({
    selected: false,
    disabled: true,
    marker,
    reason,
  });
  if (input.opponentSide === input.side) return off(`${input.opponentName} already took this side`, "Opp");
  if (input.mySide === input.side) return off("You already picked this side", "You");
  if (input.mySide) return off(`You already picked the ${MARKET_NAME[input.market]} of this game`);
  if (!input.canPick) return off(input.blockedReason ?? "Picks are closed");
  if (input.selectedSide === input.side)
    return { selected: true, disabled: false, marker: null, reason: null };
  if (input.full && !input.selectedSide) {
    if (input.fullReason) return off(input.fullReason);
    return off(`You have selected all ${plural(input.remaining, "pick")}: deselect one to choose another`);
  }
  return { selected: false, disabled: false, marker: null, reason: null };
}

/**
 * A pick button's accessible name: its label (as shown, so voice control finds it), its marker, the
 * game it is on, and why it is off: "PHI -8.5, DAL at PHI", "Over 47.5 Opp, KC at LAC: Bob Brown
 * already took this side". Out of its card, in a list of buttons, a label alone says no game.
 */
export function sideButtonName(
  game: Matchup,
  label: string,
  state: Pick<SideState, "marker" | "reason">,
): string {
  // The marker as shown, so the name holds the button's visible text word for word.
  const marker = state.marker ? ` ${state.marker}` : "";
  const name = `${label}${marker}, ${spokenMatchup(game)}`;
  return state.reason ? `${name}: ${state.reason}` : name;
}

/** Picks grouped by game. */
export function picksByGame(picks: readonly MadePick[]): Map<string, MadePick[]> {
  const byGame = new Map<string, MadePick[]>();
  for (const pick of picks) byGame.set(pick.gameId, [...(byGame.get(pick.gameId) ?? []), pick]);
  return byGame;
}

/** The side held on a game's market by one of these picks. */
export const heldSide = (picks: readonly MadePick[] | undefined, market: Market): Side | undefined =>
  picks?.find((pick) => pick.market === market)?.side;

/**
 * The selections still possible: the game is open, nobody took the side meanwhile, the player has
 * no pick on that market. Selections that fall out (a kickoff, the opponent's submission) drop.
 */
export function validSelections(
  selections: readonly Selection[],
  games: ReadonlyMap<string, Game>,
  opponentPicks: ReadonlyMap<string, MadePick[]>,
  myPicks: ReadonlyMap<string, MadePick[]>,
  now: Date,
): Selection[] {
  return selections.filter((selection) => {
    const game = games.get(selection.gameId);
    if (!game || !isGameOpen(game, now)) return false;
    if (heldSide(myPicks.get(selection.gameId), selection.market)) return false;
    return heldSide(opponentPicks.get(selection.gameId), selection.market) !== selection.side;
  });
}

/** The checks a submission must pass before it is sent (docs/rules.md, "Picks"); null when the count is right. */
export function validateSelection(
  selected: number,
  required: number,
): { title: string; description: string } | null {
  if (selected === 0)
    return {
      title: "No picks selected",
      description: `Please select ${plural(required, "pick")} to submit.`,
    };
  const description = `You chose ${plural(selected, "pick")} but are supposed to choose ${required}.`;
  if (selected < required) return { title: "Not enough picks", description };
  if (selected > required) return { title: "Too many picks", description };
  return null;
}
