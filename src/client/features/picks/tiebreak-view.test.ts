import { describe, expect, it } from "vitest";
import type { WeekTiebreak } from "@/contracts/picks";
import { game } from "./picks-test-data";
import { guessesLocked, tiebreakCardView, type TiebreakCardInput } from "./tiebreak-view";

// Week 1 of 2025: MIN @ CHI, Monday night, is the week's last game. Vitest runs in UTC.
const MONDAY = "2025-09-09T00:15:00.000Z";
const NOON = new Date("2025-09-04T12:00:00Z");
const last = game({ homeTeam: "CHI", awayTeam: "MIN", gameDate: MONDAY });
const PROMPT = "Guess the total points of MIN @ CHI, the week's last game (Tue, Sep 9, 12:15 AM UTC).";

const tiebreak = (over: Partial<WeekTiebreak> = {}): WeekTiebreak => ({
  gameId: last.id,
  locked: false,
  player1Guess: null,
  player2Guess: null,
  total: null,
  canceled: false,
  ...over,
});

const input = (over: Partial<TiebreakCardInput> = {}): TiebreakCardInput => ({
  tiebreak: tiebreak(),
  game: last,
  seat: "player1",
  active: true,
  names: { player: "Alice Anders", opponent: "Bob Brown" },
  now: NOON,
  ...over,
});

describe("tiebreakCardView", () => {
  it("asks a player for a guess before the kickoff, the opponent's kept hidden", () => {
    expect(tiebreakCardView(input())).toEqual({
      prompt: PROMPT,
      mode: "guess",
      mine: null,
      button: "Save Guess",
      opponent: "Bob Brown has not guessed yet.",
    });
    const saved = tiebreakCardView(
      input({ tiebreak: tiebreak({ player1Guess: 47, player2Guess: "hidden" }) }),
    );
    expect(saved).toMatchObject({
      mine: 47,
      button: "Change Guess",
      opponent: "Bob Brown has made their guess.",
    });
  });

  it("reads the viewer's own guess from their seat", () => {
    const asBob = input({
      seat: "player2",
      names: { player: "Bob Brown", opponent: "Alice Anders" },
      tiebreak: tiebreak({ player1Guess: "hidden", player2Guess: 0 }),
    });
    expect(tiebreakCardView(asBob)).toMatchObject({
      mine: 0,
      button: "Change Guess",
      opponent: "Alice Anders has made their guess.",
    });
  });

  it("shows both guesses once locked, a missing one as no guess", () => {
    const locked = tiebreak({ locked: true, player1Guess: 47, player2Guess: null });
    expect(tiebreakCardView(input({ tiebreak: locked }))).toEqual({
      prompt: PROMPT,
      mode: "locked",
      line: "Guesses locked at kickoff: Alice Anders 47 · Bob Brown no guess",
    });
  });

  it("locks at the kickoff by the page's clock, before the answer says so", () => {
    const atKickoff = input({ now: new Date(MONDAY) });
    expect(guessesLocked(atKickoff)).toBe(true);
    expect(tiebreakCardView(atKickoff).mode).toBe("locked");
    expect(guessesLocked(input({ game: { ...last, status: "live" } }))).toBe(true);
    expect(guessesLocked(input())).toBe(false);
  });

  it("is read only for a viewer who does not play, and in a contest that is not active", () => {
    const admin = input({
      seat: null,
      names: { player: "Alice Anders", opponent: "Bob Brown" },
      tiebreak: tiebreak({ player1Guess: "hidden", player2Guess: null }),
    });
    expect(tiebreakCardView(admin)).toEqual({
      prompt: PROMPT,
      mode: "read-only",
      line: "Tiebreaker: Alice Anders hidden until kickoff · Bob Brown no guess",
    });
    const final = tiebreak({ locked: true, player1Guess: 47, player2Guess: 50, total: 51 });
    expect(tiebreakCardView({ ...admin, tiebreak: final })).toMatchObject({
      line: "Tiebreaker: Alice Anders 47 · Bob Brown 50 · Total 51",
    });
    expect(tiebreakCardView(input({ active: false })).mode).toBe("read-only");
  });
});
