/**
 * A completed contest's result in one sentence, as its page opens with it: who won (the player
 * with more correct picks) and by how much, the weeks each took, and who owes whom.
 */
import type { Contest } from "@/contracts/contests";
import { formatDollars } from "@/client/lib/format";
import { plural } from "@/domain/plural";

type Finished = Pick<Contest, "season" | "winnerId" | "player1Id" | "isFree" | "standing">;

export function contestResultText(contest: Finished, names: { player1: string; player2: string }): string {
  const { player1, player2 } = contest.standing;
  const weeks = `(weeks won: ${names.player1} ${player1.weeksWon}, ${names.player2} ${player2.weeksWon})`;
  const winner =
    contest.winnerId === null ? null : contest.winnerId === contest.player1Id ? "player1" : "player2";
  const outcome =
    winner === null
      ? `The ${contest.season} season ends level at ${plural(player1.wins, "correct pick")} each ${weeks}.`
      : `${names[winner]} wins the ${contest.season} season, ${plural(contest.standing[winner].wins, "correct pick")} to ${
          (winner === "player1" ? player2 : player1).wins
        } ${weeks}.`;
  const balance = player1.runningTotal;
  if (contest.isFree && balance === 0) return outcome;
  const money =
    balance > 0
      ? `${names.player2} owes ${names.player1} ${formatDollars(balance)}.`
      : balance < 0
        ? `${names.player1} owes ${names.player2} ${formatDollars(-balance)}.`
        : "Nobody owes anything.";
  return `${outcome} ${money}`;
}
