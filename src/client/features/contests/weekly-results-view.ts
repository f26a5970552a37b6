/**
 * A week of the Weekly Results list as it reads: who took it, and its tiebreaker line.
 */
import type { WeeklyResult } from "@/contracts/picks";
import { tiebreakLine } from "@/client/lib/tiebreak";
import { noPicksMade } from "@/domain/weekly";
import type { PlayerNames } from "./ledger";

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
