/**
 * A completed contest's result in one sentence, as its page opens with it: who won (the player
 * with more correct picks) and by how much, the weeks each took, and who owes whom.
 */
import { SEASON_WEEKS } from "@/contracts/constants";
import type { Contest } from "@/contracts/contests";
import { formatDollars } from "@/client/lib/format";
import { plural } from "@/domain/plural";
import { isPostseason } from "@/domain/postseason";

type Finished = Pick<
  Contest,
  "season" | "startWeek" | "totalWeeks" | "winnerId" | "player1Id" | "isFree" | "standing"
>;

/**
 * What the contest ran: "the 2026 season" when it ran the whole regular season, else its NFL weeks
 * ("weeks 13 to 18 of 2026", "week 18 of 2026"), with " and its postseason" when it played the
 * postseason's rounds; `several` says whether it reads as a plural.
 */
function contestSpan({ season, startWeek, totalWeeks }: Finished): { text: string; several: boolean } {
  const postseason = isPostseason(totalWeeks) ? " and its postseason" : "";
  const last = Math.min(totalWeeks, SEASON_WEEKS);
  if (startWeek <= 1 && last >= SEASON_WEEKS)
    return { text: `the ${season} season${postseason}`, several: postseason !== "" };
  if (startWeek >= last)
    return { text: `week ${last} of ${season}${postseason}`, several: postseason !== "" };
  return { text: `weeks ${startWeek} to ${last} of ${season}${postseason}`, several: true };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function contestResultText(contest: Finished, names: { player1: string; player2: string }): string {
  const { player1, player2 } = contest.standing;
  const weeks = `(weeks won: ${names.player1} ${player1.weeksWon}, ${names.player2} ${player2.weeksWon})`;
  const span = contestSpan(contest);
  const winner =
    contest.winnerId === null ? null : contest.winnerId === contest.player1Id ? "player1" : "player2";
  const outcome =
    winner === null
      ? `${capitalized(span.text)} ${span.several ? "end" : "ends"} level at ${plural(player1.wins, "correct pick")} each ${weeks}.`
      : `${names[winner]} wins ${span.text}, ${plural(contest.standing[winner].wins, "correct pick")} to ${
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
