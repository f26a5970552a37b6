import { describe, expect, it } from "vitest";
import type { Figure, RivalryWeek } from "@/contracts/rivalry";
import {
  currentStreakText,
  figureText,
  longestStreakText,
  rivalryTitle,
  seasonResultText,
  shareText,
  verdictText,
  weekScoreText,
  type Names,
} from "./rivalry-view";

const mine: Names = { you: "Alice Anders", opponent: "Cal Carter", viewerPlays: true };
const admins: Names = { you: "Alice Anders", opponent: "Cal Carter", viewerPlays: false };
const week = (over: Partial<RivalryWeek> = {}): RivalryWeek => ({
  contestId: "c",
  season: 2024,
  week: 4,
  yourWins: 3,
  opponentWins: 0,
  pot: 10,
  winner: "you",
  ...over,
});
const figure = (over: Partial<Figure>): Figure => ({
  key: "favorite",
  label: "Favorite",
  picks: 6,
  wins: 4,
  losses: 2,
  pushes: 0,
  winRate: 4 / 6,
  ...over,
});

describe("the rivalry's texts", () => {
  it("names the sides as the viewer reads them", () => {
    expect(rivalryTitle(mine)).toBe("You vs Cal Carter, all time");
    expect(rivalryTitle(admins)).toBe("Alice Anders vs Cal Carter, all time");
    expect(verdictText({ weeks: { won: 5, lost: 4, pushed: 1 } }, mine)).toBe("You lead 5–4 in weeks won.");
    expect(verdictText({ weeks: { won: 2, lost: 4, pushed: 0 } }, admins)).toBe(
      "Cal Carter leads 4–2 in weeks won.",
    );
    expect(verdictText({ weeks: { won: 3, lost: 3, pushed: 0 } }, mine)).toBe("All square at 3 weeks each.");
    expect(verdictText({ weeks: { won: 0, lost: 0, pushed: 2 } }, mine)).toBe(
      "No week has been settled yet.",
    );
    expect(seasonResultText("won", admins)).toBe("Alice Anders won");
    expect(seasonResultText("lost", mine)).toBe("Lost");
  });

  it("tells streaks and weeks", () => {
    const streak = { holder: "opponent" as const, weeks: 3, from: week({ week: 2 }), to: week({ week: 4 }) };
    expect(currentStreakText(streak, mine)).toBe("Cal Carter has won 3 weeks running.");
    expect(currentStreakText({ ...streak, holder: "you", weeks: 1 }, mine)).toBe(
      "You have won the last week.",
    );
    expect(longestStreakText(streak)).toBe("3 weeks (2024, Week 2 to Week 4)");
    expect(longestStreakText({ ...streak, to: week({ season: 2025, week: 19 }) })).toBe(
      "3 weeks (2024 Week 2 to 2025 Wild Card)",
    );
    expect(longestStreakText(null)).toBe("None yet");
    expect(weekScoreText(week())).toBe("3–0, won $10");
    expect(weekScoreText(week({ yourWins: 0, opponentWins: 2, winner: "opponent", pot: 15 }))).toBe(
      "0–2, lost $15",
    );
    expect(weekScoreText(week({ pot: 0 }))).toBe("3–0");
  });

  it("writes a figure with its count, and no rate below five picks", () => {
    expect(figureText(figure({}))).toBe("4–2 (67%), 6 picks");
    expect(figureText(figure({ picks: 3, wins: 2, losses: 1, winRate: null }))).toBe(
      "3 picks: too few to rate",
    );
    expect(figureText(figure({ picks: 5, wins: 0, losses: 0, pushes: 5, winRate: null }))).toBe(
      "0–0–5, 5 picks",
    );
    expect(shareText(figure({ picks: 3 }), 12)).toBe("25% of picks");
    expect(shareText(figure({ picks: 3 }), 4)).toBeNull();
  });
});
