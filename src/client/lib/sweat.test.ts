import { describe, expect, it } from "vitest";
import type { GameState } from "@/contracts/events";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick, WeeklyResult, WeekTiebreak } from "@/contracts/picks";
import { patchGames } from "./live-updates";
import { pickSweatOf, shortPickText, weekSweatText } from "./sweat";

const PHI = "00000000-0000-4000-8000-000000000001";
const KC = "00000000-0000-4000-8000-000000000002";
const MNF = "00000000-0000-4000-8000-000000000003";

const game = (id: string, home: string, away: string, over: Partial<Game> = {}): Game => ({
  id,
  week: 12,
  season: 2025,
  homeTeam: home,
  awayTeam: away,
  favoriteTeam: home,
  gameDate: "2025-11-23T18:00:00.000Z",
  spread: "-3.5",
  overUnder: "47.5",
  homeScore: null,
  awayScore: null,
  status: "upcoming",
  period: null,
  clock: null,
  phase: null,
  externalId: null,
  pinned: [],
  ...over,
});
const live = (home: number, away: number, period = 4, clock: string | null = "9:12"): Partial<Game> => ({
  status: "live",
  homeScore: home,
  awayScore: away,
  period,
  clock,
});

let ids = 0;
const pick = (on: Game, over: Partial<MadePick> = {}): MadePick => ({
  id: `10000000-0000-4000-8000-${String((ids += 1)).padStart(12, "0")}`,
  gameId: on.id,
  market: "spread",
  side: "favorite",
  lineSpread: on.spread,
  lineFavorite: on.favoriteTeam,
  lineTotal: null,
  result: "pending",
  isWin: null,
  game: on,
  ...over,
});
const over = (lineTotal = "47.5"): Partial<MadePick> => ({
  market: "total",
  side: "over",
  lineSpread: null,
  lineFavorite: null,
  lineTotal,
});

const week = (over: Partial<WeeklyResult>): WeeklyResult => ({
  week: 12,
  potAmount: 10,
  isSettled: false,
  player1Wins: 0,
  player2Wins: 0,
  weekWinner: null,
  player1Picks: [],
  player2Picks: [],
  ...over,
});
const names = { player1: "Alice Anders", player2: "Bea Baker" };

describe("pickSweatOf", () => {
  it.each<[string, MadePick, string, string]>([
    [
      "a favorite ahead of its line",
      pick(game(PHI, "PHI", "DAL", live(21, 14))),
      "win",
      "Covering by 3.5 with 9:12 left in Q4",
    ],
    [
      "an underdog behind its line",
      pick(game(PHI, "PHI", "DAL", live(24, 14, 2, "0:00")), { side: "underdog" }),
      "loss",
      "Not covering by 6.5 at the end of Q2",
    ],
    [
      "an over at halftime",
      pick(game(PHI, "PHI", "DAL", { ...live(20, 14, 2, "0:00"), phase: "halftime" }), over("35.5")),
      "loss",
      "Under by 1.5 at halftime",
    ],
    [
      "a push",
      pick(game(PHI, "PHI", "DAL", live(17, 14)), { lineSpread: "-3" }),
      "push",
      "Push right now with 9:12 left in Q4",
    ],
    [
      "an admin's score: no clock",
      pick(game(PHI, "PHI", "DAL", live(21, 14, null!, null))),
      "win",
      "Covering by 3.5",
    ],
  ])("%s", (_label, made, grade, text) => {
    expect(pickSweatOf(made)).toEqual({ grade, text });
  });

  it("grades at the pick's own line, whatever the game's line is now", () => {
    const moved = game(PHI, "PHI", "DAL", { ...live(21, 14), spread: "-7.5" });
    expect(pickSweatOf(pick(moved, { lineSpread: "-3.5" }))?.text).toBe(
      "Covering by 3.5 with 9:12 left in Q4",
    );
  });

  it("reads the game a week's list holds when given", () => {
    const made = pick(game(PHI, "PHI", "DAL"));
    expect(pickSweatOf(made)).toBeNull();
    expect(pickSweatOf(made, game(PHI, "PHI", "DAL", live(10, 14)))?.text).toBe(
      "Not covering by 7.5 with 9:12 left in Q4",
    );
  });

  it.each(["upcoming", "final", "postponed", "canceled"] as const)("says nothing of a %s game", (status) => {
    expect(pickSweatOf(pick(game(PHI, "PHI", "DAL", { ...live(21, 14), status })))).toBeNull();
  });
});

describe("shortPickText", () => {
  it("names the pick at its line", () => {
    const on = game(KC, "KC", "IND");
    expect(shortPickText(pick(on))).toBe("KC -3.5");
    expect(shortPickText(pick(on, { side: "underdog" }))).toBe("IND +3.5");
    expect(shortPickText(pick(on, over("49.5")))).toBe("Over 49.5");
  });
});

describe("weekSweatText", () => {
  const phi = game(PHI, "PHI", "DAL", live(21, 14));
  const kc = game(KC, "KC", "IND", live(30, 20));
  const upcoming = game(MNF, "SF", "CAR");

  it.each<[string, Partial<WeeklyResult>, string | null]>([
    [
      "a player ahead takes the pot",
      { player1Picks: [pick(phi), pick(kc, over())], player2Picks: [pick(phi, { side: "underdog" })] },
      "If it ended now: Alice Anders wins 2–0 and takes the $10 pot",
    ],
    [
      "the pot as the week shows it, rolled-in money included",
      {
        potAmount: 30,
        rolledIn: 20,
        player1Picks: [pick(phi, { side: "underdog" })],
        player2Picks: [pick(phi)],
      },
      "If it ended now: Bea Baker wins 1–0 and takes the $30 pot",
    ],
    [
      "a free contest has no pot",
      { potAmount: 0, player1Picks: [pick(phi, { side: "underdog" })], player2Picks: [pick(phi)] },
      "If it ended now: Bea Baker wins 1–0",
    ],
    [
      "final picks count with the live ones; a lock counts twice",
      {
        player1Picks: [pick(phi), pick(game(MNF, "SF", "CAR", { status: "final" }), { result: "win" })],
        player2Picks: [pick(kc, { ...over(), isLock: true }), pick(upcoming)],
      },
      "If it ended now: 2–2, a push",
    ],
    ["nothing while no pick is live", { player1Picks: [pick(upcoming)], player2Picks: [] }, null],
    ["nothing once settled", { isSettled: true, player1Picks: [pick(phi)], player2Picks: [] }, null],
  ])("%s", (_label, given, text) => {
    expect(weekSweatText(week(given), names)).toBe(text);
  });

  describe("with the weekly tiebreaker", () => {
    const tiebreak = (over: Partial<WeekTiebreak>): WeekTiebreak => ({
      gameId: MNF,
      locked: true,
      player1Guess: 40,
      player2Guess: 30,
      total: null,
      canceled: false,
      ...over,
    });
    const tied = { player1Picks: [pick(phi)], player2Picks: [pick(kc, over())] };

    it("waits for its game before it kicks off", () => {
      const given = week({ ...tied, tiebreak: tiebreak({ locked: false, player2Guess: "hidden" }) });
      expect(weekSweatText(given, names, [upcoming])).toBe(
        "If it ended now: 1–1, the tiebreaker would decide",
      );
    });

    it("decides at its game's points now, found among the week's games", () => {
      const given = week({ ...tied, tiebreak: tiebreak({ player1Guess: 36 }) });
      const mnf = game(MNF, "SF", "CAR", live(21, 14, 3, "2:00"));
      expect(weekSweatText(given, names, [mnf])).toBe(
        "If it ended now: 1–1, Alice Anders wins on the tiebreaker and takes the $10 pot",
      );
      expect(weekSweatText(given, names, [{ ...mnf, homeScore: 3, awayScore: 24 }])).toBe(
        "If it ended now: 1–1, Bea Baker wins on the tiebreaker and takes the $10 pot",
      );
    });

    it("falls away when its game is canceled", () => {
      expect(weekSweatText(week({ ...tied, tiebreak: tiebreak({ canceled: true }) }), names)).toBe(
        "If it ended now: 1–1, a push",
      );
    });
  });

  it("moves with a live score patched into the cached weekly results, with no request", () => {
    const cached = [week({ player1Picks: [pick(phi)], player2Picks: [pick(phi, { side: "underdog" })] })];
    expect(weekSweatText(cached[0]!, names)).toBe(
      "If it ended now: Alice Anders wins 1–0 and takes the $10 pot",
    );
    expect(pickSweatOf(cached[0]!.player1Picks[0]!)?.text).toBe("Covering by 3.5 with 9:12 left in Q4");

    const score: GameState = {
      id: PHI,
      status: "live",
      homeScore: 21,
      awayScore: 20,
      period: 4,
      clock: "2:00",
      phase: null,
    };
    const patched = patchGames(cached, new Map([[PHI, score]]));
    expect(weekSweatText(patched[0]!, names)).toBe(
      "If it ended now: Bea Baker wins 1–0 and takes the $10 pot",
    );
    expect(pickSweatOf(patched[0]!.player1Picks[0]!)?.text).toBe("Not covering by 2.5 with 2:00 left in Q4");
  });
});
