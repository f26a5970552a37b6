import type { Contest } from "@/contracts/contests";
import type { ContestStanding, WeeklyResult } from "@/contracts/picks";
import { formatDollars } from "@/client/lib/format";
import { plural } from "@/domain/plural";
import { weekName } from "@/domain/postseason";
import { noPicksMade } from "@/domain/weekly";

/** One of the two seats of a contest. */
export type Side = "player1" | "player2";

export const otherSide = (side: Side): Side => (side === "player1" ? "player2" : "player1");

/**
 * How the week went for one player: won the pot, lost it, a tie on wins ("Push"), a week neither
 * player picked in ("No picks made"), or not settled yet.
 */
export type WeekVerdict = "won" | "lost" | "push" | "no-picks" | "in-progress";

/** A week's result as the verdict reads it; without the pick lists, a tie is a push. */
type VerdictInput = Pick<WeeklyResult, "isSettled" | "weekWinner"> &
  Partial<Pick<WeeklyResult, "player1Picks" | "player2Picks">>;

/** The viewer's seat; an admin who does not play in the contest sees player 1's figures. */
export function viewerSide(
  contest: Pick<Contest, "player1Id" | "player2Id">,
  userId: string | undefined,
): { side: Side; isPlayer: boolean } {
  if (userId && contest.player2Id === userId) return { side: "player2", isPlayer: true };
  return { side: "player1", isPlayer: Boolean(userId) && contest.player1Id === userId };
}

/** The week being played, badged "Current" in the weekly table; none once the contest is over. */
export const currentWeekOf = (contest: Pick<Contest, "status" | "currentWeek">) =>
  contest.status === "active" ? contest.currentWeek : null;

export const winsIn = (result: Pick<WeeklyResult, "player1Wins" | "player2Wins">, side: Side) =>
  side === "player1" ? result.player1Wins : result.player2Wins;

/** Correct picks over graded picks, pushes and pending picks left out; null when none is graded. */
export function winRate(wins: number, losses: number): number | null {
  const graded = wins + losses;
  return graded === 0 ? null : wins / graded;
}

export const formatWinRate = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

/** The week with the most correct picks (the earliest of equals); null before any correct pick. */
export function bestWeek(
  results: readonly WeeklyResult[],
  side: Side,
): { week: number; wins: number } | null {
  let best: { week: number; wins: number } | null = null;
  for (const result of [...results].sort((a, b) => a.week - b.week)) {
    const wins = winsIn(result, side);
    if (wins > 0 && (!best || wins > best.wins)) best = { week: result.week, wins };
  }
  return best;
}

export const formatBestWeek = (best: { week: number; wins: number } | null) =>
  best ? `${weekName(best.week)} (${plural(best.wins, "win")})` : "—";

/** Weeks whose result is final. */
export const weeksPlayed = (results: readonly Pick<WeeklyResult, "isSettled">[]) =>
  results.filter((result) => result.isSettled).length;

export function weekVerdict(result: VerdictInput, side: Side): WeekVerdict {
  if (!result.isSettled || result.weekWinner === null) return "in-progress";
  if (result.weekWinner === "tie") return noPicksMade(result) ? "no-picks" : "push";
  return result.weekWinner === side ? "won" : "lost";
}

/** Under a verdict the weekly tiebreaker decided (equal wins, the closer guess): "Won on the tiebreaker". */
export const verdictNote = (result: Pick<WeeklyResult, "tiebreakWinner">) =>
  result.tiebreakWinner ? "on the tiebreaker" : null;

/** What a week did to a player's money: the pot won, the pot lost, or nothing. */
export function weekMoney(result: VerdictInput & Pick<WeeklyResult, "potAmount">, side: Side) {
  const verdict = weekVerdict(result, side);
  return verdict === "won" ? result.potAmount : verdict === "lost" ? -result.potAmount : 0;
}

/**
 * A week's money as both standings cards show it, one figure: while the week is played, the pot at
 * stake ("Pot $20"); once settled, what it did to the player's money ("+$20", "-$20"), and "$0" for
 * a push, whose pot nobody takes (`note` says so: "$20 pot not taken").
 */
export function weekMoneyText(
  result: VerdictInput & Pick<WeeklyResult, "potAmount">,
  side: Side,
): { text: string; amount: number | null; note: string | null } {
  const verdict = weekVerdict(result, side);
  if (verdict === "in-progress")
    return { text: `Pot ${formatDollars(result.potAmount)}`, amount: null, note: null };
  const amount = weekMoney(result, side);
  return {
    text: formatSignedDollars(amount),
    amount,
    note:
      (verdict === "push" || verdict === "no-picks") && result.potAmount > 0
        ? `${formatDollars(result.potAmount)} pot not taken`
        : null,
  };
}

/** "+$25", "-$25", "$0". */
export function formatSignedDollars(amount: number): string {
  const dollars = `$${Math.abs(amount).toLocaleString("en-US")}`;
  return amount > 0 ? `+${dollars}` : amount < 0 ? `-${dollars}` : dollars;
}

export interface Leader {
  side: Side;
  name: string;
  rank: number;
  wins: number;
  losses: number;
  runningTotal: number;
}

/**
 * Both players, most correct picks first; equal picks share the rank (the season would be a tie)
 * and are listed by money, then by seat.
 */
export function leaders(standing: ContestStanding, names: Record<Side, string>): Leader[] {
  const rows = (["player1", "player2"] as const).map((side) => ({
    side,
    name: names[side],
    wins: standing[side].wins,
    losses: standing[side].losses,
    runningTotal: standing[side].runningTotal,
  }));
  rows.sort((a, b) => b.wins - a.wins || b.runningTotal - a.runningTotal);
  return rows.map((row) => ({ ...row, rank: 1 + rows.filter((other) => other.wins > row.wins).length }));
}

/** Who owes whom over the settled weeks, or null when the money is square. */
export function settlement(
  standing: ContestStanding,
  names: Record<Side, string>,
): { debtor: string; creditor: string; amount: number } | null {
  const balance = standing.player1.runningTotal;
  if (balance === 0) return null;
  const creditor: Side = balance > 0 ? "player1" : "player2";
  return { creditor: names[creditor], debtor: names[otherSide(creditor)], amount: Math.abs(balance) };
}

/** The last few weeks with something to show (a pick made or a result), newest first. */
export function recentWeeks(results: readonly WeeklyResult[], count = 4): WeeklyResult[] {
  return results
    .filter((result) => result.isSettled || result.player1Picks.length + result.player2Picks.length > 0)
    .sort((a, b) => b.week - a.week)
    .slice(0, count);
}
