/**
 * The Contest Rules card's postseason lines, pure: the rounds played, their bets when any round's
 * is not the weekly bet, and the picks a round allows when that is fewer than the contest's.
 */
import type { Contest } from "@/contracts/contests";
import { POSTSEASON_WEEKS, betMultiplier, weekPickLimit } from "@/domain/postseason";
import { roundTotals } from "@/domain/rounds";
import { weekPhrase } from "@/client/lib/week-names";

/** "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** "Wild Card, Divisional, Conference Championships and Super Bowl". */
export const postseasonRoundsText = (): string => listed(POSTSEASON_WEEKS.map((round) => round.name));

/**
 * "Wild Card 1×, Divisional 1×, Conference Championships 2×, Super Bowl 3×"; null when every round
 * plays the weekly bet (1×).
 */
export function postseasonBetsText(multipliers: readonly number[]): string | null {
  const each = POSTSEASON_WEEKS.map((round) => betMultiplier(multipliers, round.week));
  if (each.every((multiplier) => multiplier === 1)) return null;
  return POSTSEASON_WEEKS.map((round, index) => `${round.name} ${each[index]}×`).join(", ");
}

/**
 * "Postseason picks: at most 2 in the Super Bowl, its spread and its total" when a round allows
 * fewer picks than the contest's week (the spread and the total of each of its games); else null.
 */
export function postseasonLimitText(contest: Pick<Contest, "rounds" | "maxPicksPerPlayer">): string | null {
  const totals = contest.rounds ? roundTotals(contest.rounds) : null;
  const picks = totals ? Math.max(totals.player1, totals.player2) : contest.maxPicksPerPlayer;
  const bound = POSTSEASON_WEEKS.filter((round) => weekPickLimit(round.week) < picks);
  if (bound.length === 0) return null;
  const rounds = bound.map((round) => `${weekPickLimit(round.week)} in ${weekPhrase(round.week)}`);
  return `Postseason picks: at most ${listed(rounds)} (the spread and the total of each game)`;
}
