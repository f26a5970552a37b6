import { describe, expect, it } from "vitest";
import { choiceOf, clincherOf, seasonReview, type Player, type ReviewPick } from "./season-review";
import {
  bestWeekText,
  clincherText,
  streakText,
  summaryText,
  teamText,
  verdictText,
} from "./season-review-text";
import type { WeekOutcome } from "./weekly";

const week = (week: number, one: number, two: number, pot = 10): WeekOutcome => ({
  week,
  potAmount: pot,
  isSettled: true,
  player1Wins: one,
  player2Wins: two,
  weekWinner: one > two ? "player1" : two > one ? "player2" : "tie",
});

const HOUR = 60 * 60 * 1000;
const START = Date.UTC(2025, 8, 7, 17);

/**
 * A graded pick: `at` hours after the first kickoff; a spread pick on DEN (home, favored by 3.5)
 * against KC unless told otherwise.
 */
function pick(
  player: Player,
  at: number,
  result: ReviewPick["result"],
  extra: Partial<ReviewPick> = {},
): ReviewPick {
  return {
    player,
    week: 1,
    market: "spread",
    side: "favorite",
    lineSpread: -3.5,
    lineFavorite: "DEN",
    lineTotal: 44.5,
    isLock: false,
    result,
    homeTeam: "DEN",
    awayTeam: "KC",
    kickoff: new Date(START + at * HOUR),
    ...extra,
  };
}

const names = { player1: "Alice Anders", player2: "Bob Brown" };

describe("clincherOf", () => {
  const one = (at: number, result: ReviewPick["result"], extra?: Partial<ReviewPick>) =>
    pick("player1", at, result, extra);
  const two = (at: number, result: ReviewPick["result"], extra?: Partial<ReviewPick>) =>
    pick("player2", at, result, extra);

  it.each([
    {
      name: "the first win when the champion led from the start",
      picks: [one(1, "win"), two(2, "loss"), one(3, "win")],
      clincherAt: 1,
      lead: 1,
    },
    {
      name: "the win after the last time the lead was level",
      picks: [one(1, "win"), two(2, "win"), one(3, "win"), two(4, "loss"), one(5, "win")],
      clincherAt: 3,
      lead: 1,
    },
    {
      name: "the win after the last time the champion trailed, a push changing nothing",
      picks: [two(1, "win"), two(2, "win"), one(3, "win"), one(4, "win"), one(5, "push"), one(6, "win")],
      clincherAt: 6,
      lead: 1,
    },
    {
      name: "a lock counting twice: from one behind to one ahead at once",
      picks: [two(1, "win"), one(2, "win", { isLock: true }), two(3, "loss")],
      clincherAt: 2,
      lead: 1,
    },
    {
      name: "an opponent's lock pulling the champion back level",
      picks: [one(1, "win"), one(2, "win"), two(3, "win", { isLock: true }), one(4, "win")],
      clincherAt: 4,
      lead: 1,
    },
  ])("is $name", ({ picks, clincherAt, lead }) => {
    const clincher = clincherOf(picks, "player1");
    expect(clincher).toMatchObject({ player: "player1", lead });
    expect(clincher!.kickoff.getTime()).toBe(START + clincherAt * HOUR);
  });

  it("walks the picks in kickoff order, whatever order they come in, and those of one kickoff as given", () => {
    const picks = [one(5, "win"), two(1, "win"), one(3, "win"), two(3, "win"), one(3, "win", { week: 2 })];
    // At hour 3: Alice 1 (level at 1–1), Bob 2 (behind), Alice 2 (level): her hour-5 win clinches.
    expect(clincherOf(picks, "player1")?.kickoff.getTime()).toBe(START + 5 * HOUR);
  });

  it("is none for a tie, and none when the champion never ends ahead", () => {
    expect(clincherOf([one(1, "win"), two(2, "win")], null)).toBeNull();
    expect(clincherOf([one(1, "win"), two(2, "win")], "player1")).toBeNull();
    expect(clincherOf([], "player2")).toBeNull();
  });

  it("names the pick from the side picked: the team and its line, or the total", () => {
    expect(choiceOf(one(1, "win"))).toEqual({ choice: "DEN", line: "-3.5" });
    expect(choiceOf(one(1, "win", { side: "underdog" }))).toEqual({ choice: "KC", line: "+3.5" });
    expect(choiceOf(one(1, "win", { lineSpread: 0 }))).toEqual({ choice: "DEN", line: "PK" });
    expect(choiceOf(one(1, "win", { market: "total", side: "under" }))).toEqual({
      choice: "Under",
      line: "44.5",
    });
    expect(choiceOf(one(1, "win", { lineSpread: null }))).toEqual({ choice: "Favorite", line: null });
  });
});

describe("seasonReview", () => {
  // Alice (player 1) wins weeks 1 and 2, week 3 is a push, Bob wins 4 and 5 and 6 (6 by 3–0, a
  // $20 pot), Alice wins 7 by 4–1. Alice has more correct picks: 14 to 10.
  const outcomes = [
    week(1, 2, 1),
    week(2, 3, 1),
    week(3, 1, 1),
    week(4, 0, 2),
    week(5, 1, 2),
    week(6, 0, 3, 20),
    week(7, 4, 1),
    { ...week(8, 0, 0), isSettled: false, weekWinner: null },
  ];
  const bills = { homeTeam: "BUF", awayTeam: "MIA", lineFavorite: "BUF" };
  const picks: ReviewPick[] = [
    // Alice backs DEN three times (2–1) and KC once (a push), so fades KC three times; she takes an
    // over last, which clinches it.
    pick("player1", 1, "win"),
    pick("player1", 2, "loss"),
    pick("player1", 3, "win"),
    pick("player1", 4, "push", { side: "underdog" }),
    pick("player1", 6, "win", { market: "total", side: "over" }),
    // Bob backs BUF twice (0–2) and MIA twice (2–0), and takes an under.
    pick("player2", 1, "loss", bills),
    pick("player2", 2, "loss", bills),
    pick("player2", 3, "win", { ...bills, side: "underdog" }),
    pick("player2", 4, "win", { ...bills, side: "underdog" }),
    pick("player2", 5, "loss", { market: "total", side: "under" }),
  ];
  const review = seasonReview({
    outcomes,
    standing: { player1: { wins: 14, losses: 10 }, player2: { wins: 10, losses: 14 } },
    winner: "player1",
    picks,
  });

  it("counts each player's weeks won, lost and pushed, their picks and their money", () => {
    expect(review.champion).toBe("player1");
    expect(review.record).toEqual({
      player1: { weeks: { won: 3, lost: 3, pushed: 1 }, picks: { won: 14, lost: 10 } },
      player2: { weeks: { won: 3, lost: 3, pushed: 1 }, picks: { won: 10, lost: 14 } },
    });
    // Alice: weeks 1, 2, 7 ($30); Bob: 4, 5 and 6 ($40).
    expect(review.money).toEqual({ player1: -10, player2: 10 });
  });

  it("finds the widest win of either player, and the longest streak of either", () => {
    expect(review.bestWeek).toEqual({ player: "player2", week: 6, wins: 3, otherWins: 0, pot: 20 });
    // Alice's 1–2 run came first but Bob's three in a row is longer.
    expect(review.longestStreak).toEqual({ player: "player2", weeks: 3, fromWeek: 4, toWeek: 6 });
  });

  it("breaks equal margins by the pot, then the later week; equal streaks go to the first", () => {
    const even = seasonReview({
      outcomes: [week(1, 2, 0), week(2, 2, 0), week(3, 0, 2), week(4, 0, 2)],
      standing: { player1: { wins: 4, losses: 4 }, player2: { wins: 4, losses: 4 } },
      winner: null,
      picks: [],
    });
    expect(even.bestWeek).toMatchObject({ player: "player2", week: 4 });
    expect(even.longestStreak).toMatchObject({ player: "player1", weeks: 2, fromWeek: 1 });
    expect(even.money).toEqual({ player1: 0, player2: 0 });
    expect(even.clincher).toBeNull();
  });

  it("names the team each rode and faded most, with their picks", () => {
    expect(review.teams.player1).toEqual({
      rode: { team: "DEN", picks: 3, wins: 2, losses: 1, pushes: 0 },
      faded: { team: "KC", picks: 3, wins: 2, losses: 1, pushes: 0 },
    });
    // Two picks each for BUF and MIA: MIA's two wins beat BUF's none.
    expect(review.teams.player2.rode).toEqual({ team: "MIA", picks: 2, wins: 2, losses: 0, pushes: 0 });
    expect(review.teams.player2.faded?.team).toBe("BUF");
  });

  it("has no best week, streak or teams when nothing was won or picked", () => {
    const empty = seasonReview({
      outcomes: [week(1, 1, 1)],
      standing: { player1: { wins: 1, losses: 1 }, player2: { wins: 1, losses: 1 } },
      winner: null,
      picks: [],
    });
    expect(empty).toMatchObject({
      champion: null,
      bestWeek: null,
      longestStreak: null,
      teams: { player1: { rode: null, faded: null }, player2: { rode: null, faded: null } },
      clincher: null,
    });
  });

  it("tells it in sentences", () => {
    expect(verdictText(review, names)).toBe("Alice Anders wins, 14 correct picks to 10.");
    expect(verdictText({ ...review, champion: null }, names)).toBe("A tie at 14 correct picks each.");
    expect(summaryText({ ...review, season: 2025, isFree: false }, names)).toBe(
      "Alice Anders wins, 14 correct picks to 10. Weeks won: Alice Anders 3, Bob Brown 3. Alice Anders owes Bob Brown $10.",
    );
    expect(bestWeekText(review.bestWeek, names)).toBe("Week 6: Bob Brown 3–0, $20");
    expect(streakText(review.longestStreak, names)).toBe("Bob Brown, 3 weeks (Week 4 to Week 6)");
    expect(teamText(review.teams.player1.rode)).toBe("DEN, 3 picks (2–1)");
    expect(teamText({ team: "KC", picks: 3, wins: 1, losses: 1, pushes: 1 })).toBe("KC, 3 picks (1–1–1)");
    // Level after Bob's hour-4 win; Alice's over at hour 6 puts her ahead for good.
    expect(review.clincher).toMatchObject({ player: "player1", choice: "Over", line: "44.5", lead: 1 });
    expect(clincherText(review.clincher, names)).toBe(
      "Week 1: Over 44.5, KC at DEN. Alice Anders led for good from then on.",
    );
    expect(
      clincherText(
        { ...review.clincher!, market: "spread", choice: "KC", line: "+3.5", isLock: true },
        names,
      ),
    ).toBe("Week 1: KC +3.5 vs DEN, a lock. Alice Anders led for good from then on.");
    expect(clincherText(null, names)).toBe("None: the season ended level.");
  });
});
