/**
 * The head-to-head ledger of a contest: each settled week's pot, who took it, and where the money
 * stands after it. Built from the weekly results alone; money is whole dollars.
 */
import type { WeeklyResult } from "@/contracts/picks";
import { formatDollars } from "@/client/lib/format";

export type WeekWinner = NonNullable<WeeklyResult["weekWinner"]>;

export interface LedgerWeek {
  week: number;
  pot: number;
  winner: WeekWinner;
  /** Player 1's money after this week: positive when player 2 owes player 1, negative the other way. */
  balance: number;
}

export interface Ledger {
  /** Settled weeks, oldest first. */
  weeks: LedgerWeek[];
  /** Player 1's money over every settled week (player 2's is its opposite). */
  balance: number;
  /** No money changes hands: a free contest whose settled weeks all had a $0 pot. */
  free: boolean;
  weeksWon: { player1: number; player2: number; pushes: number };
}

export interface PlayerNames {
  player1: string;
  player2: string;
}

/** The ledger of the settled weeks: the winner of a week takes its pot from the other; a push moves nothing. */
export function buildLedger(results: readonly WeeklyResult[], contestIsFree: boolean): Ledger {
  const settled = results
    .filter((result) => result.isSettled && result.weekWinner !== null)
    .sort((a, b) => a.week - b.week);
  const weeksWon = { player1: 0, player2: 0, pushes: 0 };
  let balance = 0;
  const weeks = settled.map((result): LedgerWeek => {
    const winner = result.weekWinner!;
    if (winner === "player1") {
      balance += result.potAmount;
      weeksWon.player1 += 1;
    } else if (winner === "player2") {
      balance -= result.potAmount;
      weeksWon.player2 += 1;
    } else {
      weeksWon.pushes += 1;
    }
    return { week: result.week, pot: result.potAmount, winner, balance };
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

/** "Alice", "Bob", or "Push". */
export function winnerText(winner: WeekWinner, names: PlayerNames): string {
  return winner === "tie" ? "Push" : names[winner];
}

/** "Weeks won: Alice 3 · Bob 1 · 1 push". */
export function weeksWonText(weeksWon: Ledger["weeksWon"], names: PlayerNames): string {
  const pushes = weeksWon.pushes ? ` · ${weeksWon.pushes} ${weeksWon.pushes === 1 ? "push" : "pushes"}` : "";
  return `Weeks won: ${names.player1} ${weeksWon.player1} · ${names.player2} ${weeksWon.player2}${pushes}`;
}
