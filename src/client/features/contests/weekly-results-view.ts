/**
 * A week of the Weekly Results list as it reads: its pot, who took it, where an unwon pot goes, and
 * its tiebreaker line.
 */
import type { WeeklyResult } from "@/contracts/picks";
import { formatDollars } from "@/client/lib/format";
import { tiebreakLine } from "@/client/lib/tiebreak";
import { weekPhrase } from "@/client/lib/week-names";
import { noPicksMade } from "@/domain/weekly";
import { rolledInText, type PlayerNames } from "./ledger";

type VerdictInput = Pick<WeeklyResult, "weekWinner" | "tiebreakWinner" | "player1Picks" | "player2Picks">;

/**
 * "Ada Won", "Bob wins on the tiebreaker" (equal wins, the closer guess), "Push" (a tie on wins),
 * "No picks made" (neither picked), or null while the week is played.
 */
export function weekVerdictText(result: VerdictInput, names: PlayerNames): string | null {
  if (result.tiebreakWinner) return `${names[result.tiebreakWinner]} wins on the tiebreaker`;
  if (result.weekWinner === "tie") return noPicksMade(result) ? "No picks made" : "Push";
  if (result.weekWinner === null) return null;
  return `${names[result.weekWinner]} Won`;
}

/** The week's tiebreaker line, when the contest plays it that week (else null). */
export const weekTiebreakText = (result: Pick<WeeklyResult, "tiebreak">, names: PlayerNames) =>
  result.tiebreak ? tiebreakLine(result.tiebreak, names) : null;

/**
 * "Pot: $25", "Pot: $25 (In Progress)"; with what rolled in from the weeks before, "Pot: $40 (incl.
 * $20 rolled over)" or "Pot: $40 (incl. $20 rolled over, In Progress)".
 */
export function potText(result: Pick<WeeklyResult, "potAmount" | "isSettled" | "rolledIn">): string {
  const notes = [rolledInText(result.rolledIn), result.isSettled ? null : "In Progress"].filter(Boolean);
  const pot = `Pot: ${formatDollars(result.potAmount)}`;
  return notes.length ? `${pot} (${notes.join(", ")})` : pot;
}

/**
 * Where the pot of a settled week no one won goes: "Pot rolls over to week 5", or from the contest's
 * last week (`lastWeek`) "Pot left unclaimed: no week after it"; null when it does not roll.
 */
export function rolloverText(
  result: Pick<WeeklyResult, "week" | "potAmount" | "rollsOver">,
  lastWeek: number,
): string | null {
  if (!result.rollsOver || result.potAmount === 0) return null;
  return result.week >= lastWeek
    ? "Pot left unclaimed: no week after it"
    : `Pot rolls over to ${weekPhrase(result.week + 1, true)}`;
}
