/**
 * The rules of a pick, as a pure check the server runs inside the transaction that stores the
 * picks. A refusal names the rule broken, for the 409 the player reads.
 */
import type { Market, Side } from "./grading";

export const SIDES: Record<Market, readonly [Side, Side]> = {
  spread: ["favorite", "underdog"],
  total: ["over", "under"],
};

export interface PickGame {
  id: string;
  season: number;
  week: number;
  status: "upcoming" | "live" | "final";
  gameDate: Date;
  spread: number | null;
  overUnder: number | null;
  label: string;
}

export interface HeldPick {
  userId: string;
  gameId: string;
  market: Market;
  side: Side;
}

export interface PickWish {
  gameId: string;
  market: Market;
  side: Side;
}

export interface PickCheck {
  userId: string;
  season: number;
  week: number;
  now: Date;
  /** Whether the turn order lets the user pick now (see turn.ts). */
  mayPickNow: boolean;
  firstPickerName: string;
  /** How many picks the user may hold this week. */
  allowance: number;
  /** Every pick already made in the contest this week, by both players. */
  held: HeldPick[];
  games: ReadonlyMap<string, PickGame>;
  wishes: PickWish[];
}

export type PickRule =
  | "empty"
  | "turn"
  | "unknown-game"
  | "wrong-week"
  | "started"
  | "no-line"
  | "wrong-side"
  | "duplicate"
  | "opponent-side"
  | "allowance";

export interface PickRefusal {
  rule: PickRule;
  message: string;
}

const MARKET_NAME: Record<Market, string> = { spread: "spread", total: "over/under" };

/** A game can be picked while it is upcoming and has not kicked off. */
export const isOpen = (game: Pick<PickGame, "status" | "gameDate">, now: Date) =>
  game.status === "upcoming" && game.gameDate > now;

export function checkPicks(check: PickCheck): PickRefusal | null {
  if (check.wishes.length === 0) return { rule: "empty", message: "No picks were sent." };
  if (!check.mayPickNow) {
    return {
      rule: "turn",
      message: `It is not your turn yet: wait for ${check.firstPickerName} to make their picks first.`,
    };
  }
  const mine = check.held.filter((pick) => pick.userId === check.userId);
  const theirs = check.held.filter((pick) => pick.userId !== check.userId);
  const seen = new Set(mine.map((pick) => `${pick.gameId}|${pick.market}`));

  for (const wish of check.wishes) {
    const game = check.games.get(wish.gameId);
    if (!game) return { rule: "unknown-game", message: "That game does not exist." };
    if (game.season !== check.season || game.week !== check.week) {
      return { rule: "wrong-week", message: `${game.label} is not a game of week ${check.week}.` };
    }
    if (!isOpen(game, check.now)) {
      return { rule: "started", message: `${game.label} has already started: its picks are locked.` };
    }
    const line = wish.market === "spread" ? game.spread : game.overUnder;
    if (line === null)
      return { rule: "no-line", message: `${game.label} has no ${MARKET_NAME[wish.market]} line yet.` };
    if (!SIDES[wish.market].includes(wish.side)) {
      return {
        rule: "wrong-side",
        message: `"${wish.side}" is not a side of the ${MARKET_NAME[wish.market]}.`,
      };
    }
    const key = `${wish.gameId}|${wish.market}`;
    if (seen.has(key)) {
      return {
        rule: "duplicate",
        message: `You already have a pick on the ${MARKET_NAME[wish.market]} of ${game.label}.`,
      };
    }
    seen.add(key);
    if (
      theirs.some(
        (pick) => pick.gameId === wish.gameId && pick.market === wish.market && pick.side === wish.side,
      )
    ) {
      return { rule: "opponent-side", message: `Your opponent already took that side of ${game.label}.` };
    }
  }
  if (mine.length + check.wishes.length > check.allowance) {
    const left = Math.max(check.allowance - mine.length, 0);
    return {
      rule: "allowance",
      message: `You may make ${check.allowance} picks in week ${check.week}; you have ${left} left.`,
    };
  }
  return null;
}

/** A side is open to a player when the game is open, the opponent does not hold it, and the player has no pick on that market yet. */
export function sideOpen(
  game: Pick<PickGame, "id" | "status" | "gameDate" | "spread" | "overUnder">,
  market: Market,
  side: Side,
  userId: string,
  held: HeldPick[],
  now: Date,
): boolean {
  if (!isOpen(game, now)) return false;
  if ((market === "spread" ? game.spread : game.overUnder) === null) return false;
  return !held.some(
    (pick) =>
      pick.gameId === game.id && pick.market === market && (pick.userId === userId || pick.side === side),
  );
}

export interface Selection {
  gameId: string;
  market: Market;
  side: Side;
}

/**
 * SPEC.md section 4's selection rule: choosing a side replaces an earlier choice on the same game
 * and market; null removes it; a new selection is ignored when the maximum is already reached.
 */
export function select(
  selections: readonly Selection[],
  gameId: string,
  market: Market,
  side: Side | null,
  max: number,
): Selection[] {
  const others = selections.filter((s) => !(s.gameId === gameId && s.market === market));
  if (side === null) return others;
  const replacing = others.length < selections.length;
  if (!replacing && selections.length >= max) return [...selections];
  return [...others, { gameId, market, side }];
}
