/**
 * The head-to-head ledger of a contest: each settled week's pot, who took it, and where the money
 * stands after it. Built from the weekly results alone; money is whole dollars.
 */
import type { WeeklyResult } from "@/contracts/picks";
import { formatDollars } from "@/client/lib/format";
import { weekPhrase } from "@/client/lib/week-names";
import { noPicksMade } from "@/domain/weekly";

/** Who took a settled week: a player, nobody on a tie ("Push"), or nobody who picked ("No picks made"). */
export type WeekWinner = NonNullable<WeeklyResult["weekWinner"]> | "no-picks";

export interface LedgerWeek {
  week: number;
  pot: number;
  winner: WeekWinner;
  /** Player 1's money after this week: positive when player 2 owes player 1, negative the other way. */
  balance: number;
  /** With the pot's rollover: the part of `pot` rolled in from the weeks before it no one won (else 0). */
  rolledIn: number;
  /** With the pot's rollover: no one won the week, its pot goes on to the next week. */
  rollsOver: boolean;
}

export interface Ledger {
  /** Settled weeks, oldest first. */
  weeks: LedgerWeek[];
  /** Player 1's money over every settled week (player 2's is its opposite). */
  balance: number;
  /** No money changes hands: a free contest whose settled weeks all had a $0 pot. */
  free: boolean;
  /** Weeks won by each player, tied on wins (pushes), and with no pick from either (unpicked). */
  weeksWon: { player1: number; player2: number; pushes: number; unpicked: number };
}

export interface PlayerNames {
  player1: string;
  player2: string;
}

/**
 * The ledger of the settled weeks: the winner of a week takes its pot (with what rolled into it)
 * from the other; a push moves nothing.
 */
export function buildLedger(results: readonly WeeklyResult[], contestIsFree: boolean): Ledger {
  const settled = results
    .filter((result) => result.isSettled && result.weekWinner !== null)
    .sort((a, b) => a.week - b.week);
  const weeksWon = { player1: 0, player2: 0, pushes: 0, unpicked: 0 };
  let balance = 0;
  const weeks = settled.map((result): LedgerWeek => {
    const winner: WeekWinner = noPicksMade(result) ? "no-picks" : result.weekWinner!;
    if (winner === "player1") {
      balance += result.potAmount;
      weeksWon.player1 += 1;
    } else if (winner === "player2") {
      balance -= result.potAmount;
      weeksWon.player2 += 1;
    } else if (winner === "tie") {
      weeksWon.pushes += 1;
    } else {
      weeksWon.unpicked += 1;
    }
    return {
      week: result.week,
      pot: result.potAmount,
      winner,
      balance,
      rolledIn: result.rolledIn ?? 0,
      rollsOver: result.rollsOver === true,
    };
  });
  const free = contestIsFree && settled.every((result) => result.potAmount === 0);
  return { weeks, balance, free, weeksWon };
}

/** "Bob owes Alice $50", "All square", or for a free contest "Free contest: no money changes hands". */
export function ledgerSummary(ledger: Pick<Ledger, "balance" | "free">, names: PlayerNames): string {
  if (ledger.free) return "Free contest: no money changes hands";
  if (ledger.balance > 0) return `${names.player2} owes ${names.player1} ${formatDollars(ledger.balance)}`;
  if (ledger.balance < 0) return `${names.player1} owes ${names.player2} ${formatDollars(-ledger.balance)}`;
  return "All square";
}

/** Who is up after a week: "Alice +$25", or "Even". */
export function balanceText(balance: number, names: PlayerNames): string {
  if (balance > 0) return `${names.player1} +${formatDollars(balance)}`;
  if (balance < 0) return `${names.player2} +${formatDollars(-balance)}`;
  return "Even";
}

/** "Alice", "Bob", "Push", or "No picks made". */
export function winnerText(winner: WeekWinner, names: PlayerNames): string {
  return winner === "tie" ? "Push" : winner === "no-picks" ? "No picks made" : names[winner];
}

/** "incl. $20 rolled over": the part of a week's pot rolled in from the weeks before; null for none. */
export const rolledInText = (rolledIn: number | undefined) =>
  rolledIn ? `incl. ${formatDollars(rolledIn)} rolled over` : null;

/**
 * Where a week's pot that no one won goes: "$20 rolls to week 4", or from the contest's last week
 * (`lastWeek`) "$20 left unclaimed"; null when nothing rolls (a week won, or an empty pot).
 */
export function rollText(
  row: Pick<LedgerWeek, "week" | "pot" | "rollsOver">,
  lastWeek: number,
): string | null {
  if (!row.rollsOver || row.pot === 0) return null;
  const pot = formatDollars(row.pot);
  return row.week >= lastWeek ? `${pot} left unclaimed` : `${pot} rolls to ${weekPhrase(row.week + 1, true)}`;
}

/** A ledger row's "Won by": "Alice", "Push", or "Push · $20 rolls to week 4" (see rollText). */
export function wonByText(
  row: Pick<LedgerWeek, "week" | "pot" | "rollsOver" | "winner">,
  names: PlayerNames,
  lastWeek: number,
): string {
  const roll = rollText(row, lastWeek);
  return roll ? `${winnerText(row.winner, names)} · ${roll}` : winnerText(row.winner, names);
}

/** "Weeks won: Alice 3 · Bob 1 · 1 push · 1 week with no picks". */
export function weeksWonText(weeksWon: Ledger["weeksWon"], names: PlayerNames): string {
  const pushes = weeksWon.pushes ? ` · ${weeksWon.pushes} ${weeksWon.pushes === 1 ? "push" : "pushes"}` : "";
  const unpicked = weeksWon.unpicked
    ? ` · ${weeksWon.unpicked} ${weeksWon.unpicked === 1 ? "week" : "weeks"} with no picks`
    : "";
  return `Weeks won: ${names.player1} ${weeksWon.player1} · ${names.player2} ${weeksWon.player2}${pushes}${unpicked}`;
}
