import { describe, expect, it } from "vitest";
import { marginOf, weekRecap, type RecapInput, type RecapPickInput } from "./recap";

// KC, 3.5-point favorites at home to LV; totals at 44.5.
const pick = (over: Partial<RecapPickInput>): RecapPickInput => ({
  whose: "you",
  market: "spread",
  side: "favorite",
  lineSpread: -3.5,
  lineFavorite: "KC",
  lineTotal: 44.5,
  result: "win",
  isLock: false,
  homeTeam: "KC",
  awayTeam: "LV",
  homeScore: 24,
  awayScore: 17,
  ...over,
});
const input = (over: Partial<RecapInput>): RecapInput => ({
  week: 12,
  opponentName: "Cal Carter",
  winner: "you",
  yourWins: 2,
  opponentWins: 1,
  pot: 20,
  rolledIn: 0,
  rollsOver: false,
  onTiebreaker: false,
  picks: [],
  standing: { weeksWon: 7, weeksLost: 4, weeksPushed: 1, money: 60 },
  ...over,
});

describe("marginOf", () => {
  it("measures each pick against its own line, its way", () => {
    expect(marginOf(pick({}))).toBe(3.5);
    expect(marginOf(pick({ side: "underdog" }))).toBe(-3.5);
    expect(marginOf(pick({ market: "total", side: "over" }))).toBe(-3.5);
    expect(marginOf(pick({ market: "total", side: "under" }))).toBe(3.5);
    expect(marginOf(pick({ homeScore: null, awayScore: null }))).toBeNull();
  });
});

describe("weekRecap", () => {
  it("tells the result, the best cover, the worst beat and the season, in plain sentences", () => {
    const recap = weekRecap(
      input({
        picks: [
          pick({}),
          pick({ whose: "opponent", side: "underdog", result: "loss" }),
          // BUF -7 at NE, won by 6: missed by 1.
          pick({
            homeTeam: "NE",
            awayTeam: "BUF",
            lineSpread: 7,
            lineFavorite: "BUF",
            homeScore: 14,
            awayScore: 20,
            result: "loss",
          }),
          pick({
            whose: "opponent",
            market: "total",
            side: "over",
            homeTeam: "MIA",
            awayTeam: "NYJ",
            homeScore: 31,
            awayScore: 24,
          }),
        ],
      }),
    );
    expect(recap.picks.map((one) => [one.pick, one.game, one.note])).toEqual([
      ["KC −3.5", "LV 17 at KC 24", "covered by 3.5 points"],
      ["LV +3.5", "LV 17 at KC 24", "missed by 3.5 points"],
      ["BUF −7", "BUF 20 at NE 14", "missed by 1 point"],
      ["Over 44.5", "NYJ 24 at MIA 31", "went over by 10.5 points"],
    ]);
    expect(recap.sentences).toEqual([
      "You took week 12, 2–1, and the $20 pot.",
      "Best cover: Cal Carter's Over 44.5 (NYJ 24 at MIA 31), went over by 10.5 points.",
      "Worst beat: your BUF −7 (BUF 20 at NE 14) missed by 1 point.",
      "Season so far: you 7 weeks, Cal Carter 4, 1 pushed; you are up $60.",
    ]);
  });

  it("calls a push that cost the week its worst beat, and says the pot rolls over", () => {
    const recap = weekRecap(
      input({
        winner: "tie",
        yourWins: 1,
        opponentWins: 1,
        rollsOver: true,
        picks: [
          pick({ homeScore: 20, awayScore: 17, lineSpread: -3, result: "push" }),
          pick({ whose: "opponent" }),
        ],
        standing: { weeksWon: 0, weeksLost: 1, weeksPushed: 1, money: -20 },
      }),
    );
    expect(recap.worstBeat).toMatchObject({ pick: "KC −3", result: "push", note: "a push" });
    expect(recap.sentences[0]).toBe("Week 12 was a push, 1–1: the $20 pot rolls over.");
    expect(recap.sentences).toContain(
      "Worst beat: your KC −3 landed on the number (LV 17 at KC 20), and the push cost you the week.",
    );
    expect(recap.sentences.at(-1)).toBe(
      "Season so far: you 0 weeks, Cal Carter 1, 1 pushed; you are down $20.",
    );
  });

  it("names the opponent's week, the tiebreaker, a postseason round, and a week without picks", () => {
    expect(
      weekRecap(input({ winner: "opponent", yourWins: 1, opponentWins: 1, onTiebreaker: true })).sentences[0],
    ).toBe("Cal Carter took week 12, 1–1 on the tiebreaker, and the $20 pot.");
    expect(weekRecap(input({ week: 19, pot: 40, rolledIn: 20 })).sentences[0]).toBe(
      "You took the Wild Card round, 2–1, and the $40 pot ($20 of it rolled in).",
    );
    const none = weekRecap(
      input({
        winner: "tie",
        yourWins: 0,
        opponentWins: 0,
        pot: 0,
        standing: { weeksWon: 0, weeksLost: 0, weeksPushed: 1, money: 0 },
      }),
    );
    expect(none.sentences).toEqual(["No picks were made in week 12."]);
    expect(none).toMatchObject({ bestCover: null, worstBeat: null });
  });
});
