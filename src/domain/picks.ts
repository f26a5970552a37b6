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
  status: "upcoming" | "live" | "final" | "postponed" | "canceled";
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
  /** The player's lock of the week. */
  isLock?: boolean;
}

export interface PickWish {
  gameId: string;
  market: Market;
  side: Side;
  /** Made as the player's lock of the week. */
  lock?: boolean;
}

export interface PickCheck {
  userId: string;
  season: number;
  week: number;
  now: Date;
  /** Whether the turn order lets the user pick now (see turn.ts). */
  mayPickNow: boolean;
  firstPickerName: string;
  /**
   * How many picks the user may hold this week once these are stored, extra games aside: the week's
   * picks per player, or, on their turn of a week of several rounds, their picks through this round.
   */
  allowance: number;
  /** The round of the user's turn, when the allowance is that round's (domain/rounds.ts). */
  round?: number;
  /** The week's accepted extra games (game proposals): each adds one pick, on that game only. */
  extraGames?: readonly PickGame[];
  /** Every pick already made in the contest this week, by both players. */
  held: HeldPick[];
  games: ReadonlyMap<string, PickGame>;
  wishes: PickWish[];
  /** Whether the week plays the lock of the week: one pick of each player's may be their lock. */
  lockOfTheWeek?: boolean;
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
  | "allowance"
  | "extra-game"
  | "lock";

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
  const lockRefusal = checkLock(check, mine);
  if (lockRefusal) return lockRefusal;
  const seen = new Set(mine.map((pick) => `${pick.gameId}|${pick.market}`));

  for (const wish of check.wishes) {
    const game = check.games.get(wish.gameId);
    if (!game) return { rule: "unknown-game", message: "That game does not exist." };
    if (game.season !== check.season || game.week !== check.week) {
      return { rule: "wrong-week", message: `${game.label} is not a game of week ${check.week}.` };
    }
    if (game.status === "postponed") {
      return {
        rule: "started",
        message: `${game.label} is postponed: it can be picked once it has a new date.`,
      };
    }
    if (game.status === "canceled") return { rule: "started", message: `${game.label} was canceled.` };
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
  const extraGames = check.extraGames ?? [];
  const extraIds = new Set(extraGames.map((game) => game.id));
  if (basePicksUsed([...mine, ...check.wishes], extraIds) > check.allowance) {
    const left = picksLeft({
      allowance: check.allowance,
      mine,
      extraGames: extraGames.map((game) => ({ id: game.id, open: isOpen(game, check.now) })),
    });
    if (left.extraGameIds.length > 0 && check.wishes.length <= left.total) {
      const labels = extraGames.filter((game) => left.extraGameIds.includes(game.id)).map((g) => g.label);
      return {
        rule: "extra-game",
        message: `Your extra ${labels.length === 1 ? "pick" : "picks"} this week must be on ${labels.join(" and ")}.`,
      };
    }
    const extra = extraGames.length > 0 ? " plus one on each extra game" : "";
    if (check.round !== undefined) {
      return {
        rule: "allowance",
        message: `You may make ${left.total} ${left.total === 1 ? "pick" : "picks"} in round ${check.round}${extra}; then it is your opponent's turn.`,
      };
    }
    return {
      rule: "allowance",
      message: `You may make ${check.allowance} picks in week ${check.week}${extra}; you have ${left.total} left.`,
    };
  }
  return null;
}

/** The lock of the week: one pick of the week at most, made as the lock with it, where the week plays it. */
function checkLock(check: PickCheck, mine: readonly HeldPick[]): PickRefusal | null {
  const locks = check.wishes.filter((wish) => wish.lock === true).length;
  if (locks === 0) return null;
  if (!check.lockOfTheWeek)
    return { rule: "lock", message: `This contest plays no lock of the week in week ${check.week}.` };
  if (locks > 1) return { rule: "lock", message: "Only one pick a week can be your lock." };
  if (mine.some((pick) => pick.isLock))
    return { rule: "lock", message: "You already have your lock of the week." };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Extra games: an accepted game proposal adds one pick for each player that week, on that game.

/**
 * The picks that count against the base allowance: all but one pick on each extra game the player
 * holds a pick on (that one is the game's extra pick). Within the allowance exactly when the
 * player holds at most allowance + (extra games) picks and every pick beyond the allowance sits on
 * an extra game, one per game.
 */
export function basePicksUsed(
  picks: readonly Pick<PickWish, "gameId">[],
  extraGameIds: ReadonlySet<string>,
): number {
  const covered = new Set(picks.map((pick) => pick.gameId).filter((id) => extraGameIds.has(id)));
  return picks.length - covered.size;
}

export interface PicksLeft {
  /** Base picks still to make, on any open game. */
  base: number;
  /** Extra games still open that the player holds no pick on: one more pick on each. */
  extraGameIds: string[];
  total: number;
}

/** What a player may still pick this week: the base picks left and the open extra games not yet picked. */
export function picksLeft(input: {
  allowance: number;
  mine: readonly Pick<PickWish, "gameId">[];
  extraGames: readonly { id: string; open: boolean }[];
}): PicksLeft {
  const extraIds = new Set(input.extraGames.map((game) => game.id));
  const base = Math.max(input.allowance - basePicksUsed(input.mine, extraIds), 0);
  const held = new Set(input.mine.map((pick) => pick.gameId));
  const extraGameIds = input.extraGames.filter((game) => game.open && !held.has(game.id)).map((g) => g.id);
  return { base, extraGameIds, total: base + extraGameIds.length };
}

/** Does one more pick on this game fit? A base pick is left, or it is an extra game the picks do not cover yet. */
export function pickFits(
  picks: readonly Pick<PickWish, "gameId">[],
  gameId: string,
  allowance: number,
  extraGameIds: ReadonlySet<string>,
): boolean {
  if (extraGameIds.has(gameId) && !picks.some((pick) => pick.gameId === gameId)) return true;
  return basePicksUsed(picks, extraGameIds) < allowance;
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
 * How Make Picks selects: choosing a side replaces an earlier choice on the same game
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
