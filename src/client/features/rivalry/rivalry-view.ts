import type { Figure, Rivalry, RivalryStreak, RivalryWeek, SeasonResult } from "@/contracts/rivalry";
import { MIN_PICKS } from "@/domain/tendencies";
import { formatDollars } from "@/client/lib/format";
import { weekLabel } from "@/client/lib/week-names";
import { plural } from "@/domain/plural";

/** The two sides' names as the page writes them: "You" and "Cal", or both names for an admin. */
export interface Names {
  you: string;
  opponent: string;
  /** Whether "you" is the viewer. */
  viewerPlays: boolean;
}

/** "You vs Cal, all time", or "Alice vs Bob, all time" for an admin looking on. */
export const rivalryTitle = (names: Names) =>
  `${names.viewerPlays ? "You" : names.you} vs ${names.opponent}, all time`;

/** "4–3–1": won, lost and pushed; "8–8" for a record without pushes. */
export const recordText = (record: { won: number; lost: number; pushed?: number }) =>
  record.pushed === undefined
    ? `${record.won}–${record.lost}`
    : `${record.won}–${record.lost}–${record.pushed}`;

/** "+$40", "-$10", "$0". */
export const signedDollars = (amount: number) =>
  amount > 0 ? `+${formatDollars(amount)}` : formatDollars(amount);

/** Who leads the weeks: "You lead 5–4 in weeks won.", "Cal leads...", "All square at 4 weeks each." */
export function verdictText(rivalry: Pick<Rivalry, "weeks">, names: Names): string {
  const { won, lost } = rivalry.weeks;
  if (won === 0 && lost === 0) return "No week has been settled yet.";
  if (won === lost) return `All square at ${plural(won, "week")} each.`;
  const leader =
    won > lost ? (names.viewerPlays ? "You lead" : `${names.you} leads`) : `${names.opponent} leads`;
  return `${leader} ${Math.max(won, lost)}–${Math.min(won, lost)} in weeks won.`;
}

/** "2024 Week 4", "2025 Wild Card". */
export const weekRefText = (week: Pick<RivalryWeek, "season" | "week">) =>
  `${week.season} ${weekLabel(week.week)}`;

/** "2024 Weeks 1–4"-like span of a streak: "2024 Week 1 to 2025 Week 3" across seasons. */
export function streakSpan(streak: RivalryStreak): string {
  if (streak.weeks === 1) return weekRefText(streak.from);
  if (streak.from.season === streak.to.season)
    return `${streak.from.season}, ${weekLabel(streak.from.week)} to ${weekLabel(streak.to.week)}`;
  return `${weekRefText(streak.from)} to ${weekRefText(streak.to)}`;
}

const holderName = (holder: "you" | "opponent", names: Names, subject = true) =>
  holder === "you" ? (names.viewerPlays ? (subject ? "You" : "you") : names.you) : names.opponent;

/** "You have won 2 weeks running.", "Cal has won the last week." */
export function currentStreakText(streak: RivalryStreak | null, names: Names): string {
  if (!streak) return "No streak running: the last settled week was a push, or none is settled.";
  const who = holderName(streak.holder, names);
  const has = who === "You" ? "have" : "has";
  return streak.weeks === 1
    ? `${who} ${has} won the last week.`
    : `${who} ${has} won ${streak.weeks} weeks running.`;
}

/** "4 weeks (2024, Week 1 to Week 4)", or "None yet". */
export const longestStreakText = (streak: RivalryStreak | null) =>
  streak ? `${plural(streak.weeks, "week")} (${streakSpan(streak)})` : "None yet";

/** "2–0, won $10", "0–2, lost $15", "2–0" when free. */
export function weekScoreText(week: RivalryWeek): string {
  const score = `${week.yourWins}–${week.opponentWins}`;
  if (week.pot === 0 || week.winner === "tie") return score;
  return `${score}, ${week.winner === "you" ? "won" : "lost"} ${formatDollars(week.pot)}`;
}

export const SEASON_RESULT_TEXT: Record<SeasonResult["result"], string> = {
  won: "Won",
  lost: "Lost",
  tied: "Tied",
  "in-progress": "In progress",
};

/** A season's result from "you"'s side, for an admin in the name of player 1: "Won" or "Alice won". */
export function seasonResultText(result: SeasonResult["result"], names: Names): string {
  if (names.viewerPlays || result === "in-progress" || result === "tied") return SEASON_RESULT_TEXT[result];
  return result === "won" ? `${names.you} won` : `${names.opponent} won`;
}

/** "4–2 (67%), 6 picks", "3 picks: too few to rate" below five picks, "1–0–1" with pushes. */
export function figureText(figure: Figure): string {
  const record = `${figure.wins}–${figure.losses}${figure.pushes ? `–${figure.pushes}` : ""}`;
  if (figure.winRate === null) {
    return figure.picks < MIN_PICKS
      ? `${plural(figure.picks, "pick")}: too few to rate`
      : `${record}, ${plural(figure.picks, "pick")}`;
  }
  return `${record} (${Math.round(figure.winRate * 100)}%), ${plural(figure.picks, "pick")}`;
}

/** How often a figure was picked of its group's picks: "60% of picks"; null below five picks. */
export function shareText(figure: Figure, groupPicks: number): string | null {
  if (groupPicks < MIN_PICKS) return null;
  return `${Math.round((figure.picks / groupPicks) * 100)}% of picks`;
}
