/**
 * The Standings chart's figures, pure: per begun week, both players' correct picks and their
 * running balance over the settled weeks. The chart, its hidden table and its summary read these.
 */
import type { WeeklyResult } from "@/contracts/picks";
import { formatDollars } from "@/client/lib/format";
import { weekShortLabel } from "@/client/lib/week-names";
import { formatSignedDollars, otherSide, weekMoney, winsIn, type Side } from "./standings";
import { plural } from "@/domain/plural";

export interface ChartWeek {
  week: number;
  /** "W3" ("WC" for the Wild Card round): the axis label. */
  label: string;
  settled: boolean;
  /** Correct picks so far in the week, the viewer's side and the other. */
  mineWins: number;
  theirsWins: number;
  /** Money after the week, for the viewer's side and the other; null while the week is unsettled. */
  mineBalance: number | null;
  theirsBalance: number | null;
}

/**
 * One point per begun week, in week order. The balance moves by the pot of each settled week
 * (won +pot, lost -pot, push 0); an unsettled week has no balance point yet, so the line ends at
 * the last settled week. The two balances mirror each other: one player's win is the other's loss.
 */
export function chartWeeks(results: readonly WeeklyResult[], side: Side): ChartWeek[] {
  let balance = 0;
  return [...results]
    .sort((a, b) => a.week - b.week)
    .map((result) => {
      if (result.isSettled) balance += weekMoney(result, side);
      return {
        week: result.week,
        label: weekShortLabel(result.week),
        settled: result.isSettled,
        mineWins: winsIn(result, side),
        theirsWins: winsIn(result, otherSide(side)),
        mineBalance: result.isSettled ? balance : null,
        // 0 - 0 would read -0 after a push-only season.
        theirsBalance: result.isSettled ? 0 - balance || 0 : null,
      };
    });
}

/** Something to draw: a settled week (a balance point) or a correct pick (a bar). */
export function hasChartData(weeks: readonly ChartWeek[]): boolean {
  return weeks.some((week) => week.settled || week.mineWins + week.theirsWins > 0);
}

/** The viewer's balance after the last settled week; 0 before any. */
export function finalBalance(weeks: readonly ChartWeek[]): number {
  const settled = weeks.filter((week) => week.mineBalance !== null);
  return settled.at(-1)?.mineBalance ?? 0;
}

/**
 * A sentence for screen readers: "Over 3 weeks (2 settled): You 5 correct picks, Bob 4. Balance:
 * You +$25, Bob -$25." Free contests leave the money out.
 */
export function chartSummary(
  weeks: readonly ChartWeek[],
  names: { mine: string; theirs: string },
  isFree: boolean,
): string {
  if (weeks.length === 0) return "No weeks played yet.";
  const mine = weeks.reduce((sum, week) => sum + week.mineWins, 0);
  const theirs = weeks.reduce((sum, week) => sum + week.theirsWins, 0);
  const settled = weeks.filter((week) => week.settled).length;
  const span = plural(weeks.length, "week");
  const picks = `${names.mine} ${plural(mine, "correct pick")}, ${names.theirs} ${theirs}`;
  if (isFree) return `Over ${span}: ${picks}.`;
  const balance = finalBalance(weeks);
  const money = `Balance: ${names.mine} ${formatSignedDollars(balance)}, ${names.theirs} ${formatSignedDollars(-balance)}`;
  return `Over ${span} (${settled} settled): ${picks}. ${money}.`;
}

/** Round steps of whole dollars, smallest first: 1, 2, 5, 10, 20, 25, 50, 100, ... */
const ROUND_STEPS = [1, 2, 5].concat(
  ...Array.from({ length: 7 }, (_, index) => [1, 2, 2.5, 5].map((m) => m * 10 ** (index + 1))),
);

/**
 * The running-balance chart's axis, fitted to the money in it: symmetric about $0 (the two balances
 * mirror each other), from the largest balance either way rounded up to a round step, two or three
 * steps each side, and wide enough (px) for its longest label ("-$1,250").
 */
export function balanceAxis(weeks: readonly ChartWeek[]): {
  domain: [number, number];
  ticks: number[];
  width: number;
} {
  const peak = Math.max(0, ...weeks.map((week) => Math.abs(week.mineBalance ?? 0)));
  // The round step, of those that reach the peak in two or three, whose last tick is nearest it.
  const topOf = (step: number) => Math.max(step, Math.ceil(peak / step) * step);
  const fitting = ROUND_STEPS.filter(
    (candidate) => peak / candidate <= 3 && topOf(candidate) >= 2 * candidate,
  );
  const nearest = (best: number, candidate: number) => (topOf(candidate) <= topOf(best) ? candidate : best);
  const step = peak === 0 ? 5 : fitting.length === 0 ? 1 : fitting.reduce(nearest);
  const top = topOf(step);
  const ticks: number[] = [];
  for (let tick = -top; tick <= top; tick += step) ticks.push(tick);
  const longest = Math.max(...ticks.map((tick) => formatDollars(tick).length));
  return { domain: [-top, top], ticks, width: longest * 8 + 12 };
}

/**
 * The correct-picks chart's axis, fitted to the picks a week holds: from 0 to the most picks either
 * player may make in a week (`allowance`) or made in one (extra games add picks), whole numbers
 * only, in steps that keep it to six ticks at most.
 */
export function winsAxis(
  results: readonly WeeklyResult[],
  allowance: number,
): { domain: [number, number]; ticks: number[] } {
  const most = Math.max(
    1,
    allowance,
    ...results.flatMap((result) => [
      result.player1Picks.length,
      result.player2Picks.length,
      result.player1Wins,
      result.player2Wins,
    ]),
  );
  const step = Math.ceil(most / 5);
  const top = Math.ceil(most / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  return { domain: [0, top], ticks };
}
