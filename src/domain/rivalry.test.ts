import { describe, expect, it } from "vitest";
import { rivalryRecord, type RivalryContestInput } from "./rivalry";
import type { WeekOutcome } from "./weekly";

/** A settled week: player 1's and player 2's wins, the pot; the winner by wins (a tie pushes). */
const week = (week: number, one: number, two: number, pot = 20): WeekOutcome => ({
  week,
  potAmount: pot,
  isSettled: true,
  player1Wins: one,
  player2Wins: two,
  weekWinner: one > two ? "player1" : two > one ? "player2" : "tie",
});

const contest = (
  id: string,
  season: number,
  outcomes: WeekOutcome[],
  extra: Partial<RivalryContestInput> = {},
): RivalryContestInput => ({
  id,
  name: `Season ${season}`,
  season,
  status: "completed",
  you: "player1",
  winner: null,
  outcomes,
  picks: { you: { wins: 0, losses: 0 }, opponent: { wins: 0, losses: 0 } },
  ...extra,
});

describe("rivalryRecord", () => {
  // 2024: Ada (player 1, "you") wins weeks 1 and 2, pushes 3. 2025, where Ada is player 2: Cal wins
  // weeks 1 to 3, Ada week 4 by 3 picks to 0 for $10; week 5 is in progress.
  const contests = [
    contest("c2024", 2024, [week(1, 2, 0), week(2, 2, 1), week(3, 1, 1)], {
      winner: "you",
      picks: { you: { wins: 5, losses: 1 }, opponent: { wins: 2, losses: 4 } },
    }),
    contest(
      "c2025",
      2025,
      [
        week(1, 2, 0),
        week(2, 2, 1),
        week(3, 3, 0, 30),
        week(4, 0, 3, 10),
        { ...week(5, 0, 0), isSettled: false, weekWinner: null },
      ],
      {
        status: "active",
        you: "player2",
        picks: { you: { wins: 4, losses: 7 }, opponent: { wins: 7, losses: 4 } },
      },
    ),
  ];
  const record = rivalryRecord(contests);

  it("counts the settled weeks of every contest from one side, whichever player that side was", () => {
    expect(record.weeks).toEqual({ won: 3, lost: 3, pushed: 1 });
    expect(record.picks).toEqual({ won: 9, lost: 8 });
    expect(record.money).toEqual({ won: 50, lost: 70, net: -20 });
    expect(record.contests).toEqual({ won: 1, lost: 0, pushed: 0 });
  });

  it("runs streaks across seasons, a pushed week ending them", () => {
    expect(record.currentStreak).toMatchObject({ holder: "you", weeks: 1, from: { season: 2025, week: 4 } });
    expect(record.longestStreak.opponent).toMatchObject({
      weeks: 3,
      from: { season: 2025, week: 1 },
      to: { season: 2025, week: 3 },
    });
    // Weeks 1 and 2 of 2024, then the push: two.
    expect(record.longestStreak.you).toMatchObject({ weeks: 2, to: { season: 2024, week: 2 } });
  });

  it("finds the widest week each way, the bigger pot first on equal margins", () => {
    expect(record.bestWeek).toMatchObject({ season: 2025, week: 4, yourWins: 3, opponentWins: 0, pot: 10 });
    expect(record.worstWeek).toMatchObject({ season: 2025, week: 3, yourWins: 0, opponentWins: 3, pot: 30 });
  });

  it("gives each season its result, oldest first", () => {
    expect(record.seasons.map((season) => [season.season, season.result, season.money])).toEqual([
      [2024, "won", 40],
      [2025, "in-progress", -60],
    ]);
    expect(record.seasons[1]!.weeks).toEqual({ won: 1, lost: 3, pushed: 0 });
  });

  it("ends with no streak after a push, and is empty without settled weeks", () => {
    const pushed = rivalryRecord([contest("c", 2025, [week(1, 2, 0), week(2, 1, 1)])]);
    expect(pushed.currentStreak).toBeNull();
    const none = rivalryRecord([contest("c", 2025, [], { status: "active" })]);
    expect(none).toMatchObject({ currentStreak: null, bestWeek: null, worstWeek: null });
    expect(none.longestStreak).toEqual({ you: null, opponent: null });
  });
});
