import { describe, expect, it } from "vitest";
import type { TurnInfo } from "@/contracts/turn";
import { currentTurn, roundOf, singleRound } from "@/domain/rounds";
import {
  byUrgency,
  formatCountdown,
  nextTickDelay,
  turnCardTitle,
  turnStatus,
  turnText,
  type TurnStatus,
  type TurnStatusInput,
} from "./turn-countdown";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe("formatCountdown", () => {
  it.each([
    [1 * d + 4 * h + 59 * m, "1d 4h"],
    [12 * h + 20 * m, "12h 20m"],
    [1 * h, "1h 0m"],
    [h + 59 * s + 999, "1h 0m"],
    [h - 1, "59m 59s"],
    [59 * m + 59 * s, "59m 59s"],
    [5 * m + 30 * s, "5m 30s"],
    [60 * s, "1m 0s"],
    [45 * s, "45s"],
    [1999, "1s"],
    [999, "0s"],
    [0, "0s"],
    [-5 * s, "0s"],
    [3 * d, "3d 0h"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe("nextTickDelay", () => {
  it("ticks just past each second within the last hour", () => {
    expect(nextTickDelay(30 * s + 250)).toBe(250 + 20);
    expect(nextTickDelay(59 * m + 30 * s)).toBe(20);
    expect(nextTickDelay(h)).toBe(20);
  });

  it("ticks just past each minute when more than an hour is left", () => {
    expect(nextTickDelay(h + 1)).toBe(1 + 20);
    expect(nextTickDelay(2 * h + 30 * s)).toBe(30 * s + 20);
    // Exactly on the minute, the display changes a moment later.
    expect(nextTickDelay(2 * d)).toBe(20);
  });

  it("keeps checking once a target has passed, and stops without one", () => {
    expect(nextTickDelay(0)).toBe(1000);
    expect(nextTickDelay(-10 * s)).toBe(1000);
    expect(nextTickDelay(null)).toBeNull();
  });

  it("lands each tick where the display changes", () => {
    for (const remaining of [h + 17 * s + 3, 5 * m + 250, 5 * h + 7 * m + 59 * s + 999]) {
      const delay = nextTickDelay(remaining)!;
      expect(formatCountdown(remaining - delay + 21)).toBe(formatCountdown(remaining));
      expect(formatCountdown(remaining - delay)).not.toBe(formatCountdown(remaining));
    }
  });
});

// Week 1 of 2025 as the e2e server sees it: Thursday noon UTC, hand-over 23:00 UTC, opener 00:20 UTC.
const NOON = new Date("2025-09-04T12:00:00Z");
const DEADLINE = "2025-09-04T23:00:00.000Z";
const OPENER = "2025-09-05T00:20:00.000Z";
const SUNDAY = "2025-09-07T17:00:00.000Z";

/** A week of 2 picks each (no extra game unless said): what is left follows from what is held. */
const turn = (extra: Partial<TurnInfo> = {}): TurnInfo => {
  const info = {
    week: 1,
    firstPickerId: ADA,
    allowance: 2,
    player1Picks: 0,
    player2Picks: 0,
    deadline: DEADLINE,
    openKickoffs: [OPENER, SUNDAY],
    tiebreak: null,
    now: NOON.toISOString(),
    ...extra,
  };
  const players = { player1Id: ADA, player2Id: BOB };
  const held = (userId: string) => (userId === ADA ? info.player1Picks : info.player2Picks);
  const rounds = singleRound(2);
  const next = currentTurn({ rounds, players, firstPickerId: info.firstPickerId ?? ADA, held });
  return {
    player1Allowance: info.allowance,
    player2Allowance: info.allowance,
    player1Left: info.allowance - info.player1Picks,
    player2Left: info.allowance - info.player2Picks,
    player1BaseLeft: Math.max(2 - info.player1Picks, 0),
    player2BaseLeft: Math.max(2 - info.player2Picks, 0),
    rounds,
    round: roundOf(next, rounds),
    turnUserId: next?.userId ?? null,
    ...info,
  };
};

/** Ada is player 1 and Bob player 2 throughout. */
const as = (who: "ada" | "bob", info: TurnInfo, now = NOON): TurnStatusInput => ({
  turn: info,
  viewerId: who === "ada" ? ADA : BOB,
  viewerIsPlayer1: who === "ada",
  now,
});

const view = (input: TurnStatusInput, opponent = "Bob") => turnText(turnStatus(input), opponent, input.now);

describe("turnStatus and turnText", () => {
  it("the first picker's turn counts down to the hand-over, before which they pick", () => {
    const status = turnStatus(as("ada", turn()));
    expect(status).toEqual({
      kind: "your-turn",
      week: 1,
      remaining: 2,
      target: new Date(DEADLINE),
      handOver: true,
    });
    expect(turnText(status, "Bob", NOON)).toBe("Your turn: 2 picks to make · hand-over in 11h 0m");
  });

  it("the second picker waits, counting down to the hand-over", () => {
    expect(view(as("bob", turn()), "Ada")).toBe("Waiting for Ada · hand-over in 11h 0m");
    expect(turnStatus(as("bob", turn())).target).toEqual(new Date(DEADLINE));
  });

  it("the second picker's turn comes once the first picker is done", () => {
    expect(view(as("bob", turn({ player1Picks: 2 })), "Ada")).toBe(
      "Your turn: 2 picks to make · next kickoff in 12h 20m",
    );
  });

  it("the second picker's turn comes at the hand-over, done or not", () => {
    const after = new Date("2025-09-04T23:00:00Z");
    expect(view(as("bob", turn({ player1Picks: 1 }), after), "Ada")).toBe(
      "Your turn: 2 picks to make · next kickoff in 1h 20m",
    );
  });

  it("the hand-over follows the contest's base picks, not extra picks of the week", () => {
    // Three picks this week (one on an accepted extra game): Ada holds her two base picks.
    const info = turn({ allowance: 3, player1Picks: 2 });
    expect(turnStatus(as("bob", info)).kind).toBe("your-turn");
    expect(view(as("ada", info))).toBe("Your turn: 1 pick to make · next kickoff in 12h 20m");
    expect(view(as("bob", info), "Ada")).toBe("Your turn: 3 picks to make · next kickoff in 12h 20m");
  });

  it("counts what the server says is left: an extra game that kicked off unpicked is gone", () => {
    // Ada holds her 2 base picks; the extra game started before she picked it: nothing is left.
    const info = turn({ allowance: 3, player1Picks: 2, player1Left: 0, player2Picks: 1, player2Left: 1 });
    expect(view(as("ada", info))).toBe("Your picks are in · Bob has 1 pick to make");
    const done = turn({ allowance: 3, player1Picks: 2, player1Left: 0, player2Picks: 2, player2Left: 0 });
    expect(view(as("ada", done))).toBe("Picks complete for week 1");
  });

  it("counts down to the next kickoff still ahead, skipping games that have started", () => {
    const friday = new Date("2025-09-05T01:00:00Z");
    expect(view(as("ada", turn({ player1Picks: 1 }), friday))).toBe(
      "Your turn: 1 pick to make · next kickoff in 2d 16h",
    );
  });

  it("says when the viewer's picks are in and the opponent's are not", () => {
    expect(view(as("ada", turn({ player1Picks: 2, player2Picks: 1 })))).toBe(
      "Your picks are in · Bob has 1 pick to make",
    );
  });

  it("says when every pick is in", () => {
    const status = turnStatus(as("bob", turn({ player1Picks: 2, player2Picks: 2 })));
    expect(status.kind).toBe("complete");
    expect(turnText(status, "Ada", NOON)).toBe("Picks complete for week 1");
    expect(turnText({ ...status, week: 19 }, "Ada", NOON)).toBe("Picks complete for the Wild Card round");
    expect(turnText({ ...status, kind: "closed", week: 20 }, "Ada", NOON)).toBe(
      "Picks closed for the Divisional round: every game has kicked off",
    );
  });

  it("says when no game is left to pick", () => {
    const late = new Date("2025-09-09T06:00:00Z");
    expect(view(as("ada", turn(), late))).toBe("Picks closed for week 1: every game has kicked off");
    expect(view(as("ada", turn({ openKickoffs: [] })))).toBe(
      "Picks closed for week 1: every game has kicked off",
    );
  });

  it("follows a first picker other than the odd-week default", () => {
    expect(turnStatus(as("bob", turn({ firstPickerId: BOB }))).kind).toBe("your-turn");
  });

  it("with rounds, the turn goes back and forth: each waits while the other picks their round", () => {
    // Two rounds of one pick each: Ada has made her round 1 pick, so Bob picks his.
    const rounds = [
      { roundNumber: 1, player1Picks: 1, player2Picks: 1 },
      { roundNumber: 2, player1Picks: 1, player2Picks: 1 },
    ];
    const info = turn({
      player1Picks: 1,
      rounds,
      round: 1,
      turnUserId: BOB,
      player1BaseLeft: 1,
      player2BaseLeft: 2,
    });
    expect(turnStatus(as("bob", info)).kind).toBe("your-turn");
    expect(turnStatus(as("ada", info)).kind).toBe("waiting");
    // Past the hand-over deadline nobody waits.
    expect(turnStatus(as("ada", info, new Date("2025-09-04T23:30:00Z"))).kind).toBe("your-turn");
    expect(turnStatus(as("ada", turn({ firstPickerId: BOB }))).kind).toBe("waiting");
  });
});

describe("byUrgency", () => {
  const status = (kind: TurnStatus["kind"], target: string | null): TurnStatus => ({
    kind,
    week: 1,
    remaining: 1,
    target: target ? new Date(target) : null,
  });

  it("puts the viewer's turns first, the nearest first, then waits, then the rest", () => {
    const list = [
      status("complete", null),
      status("waiting", DEADLINE),
      status("your-turn", SUNDAY),
      status("picks-in", OPENER),
      status("your-turn", OPENER),
      status("closed", null),
    ];
    expect([...list].sort(byUrgency).map((item) => `${item.kind} ${item.target?.toISOString()}`)).toEqual([
      `your-turn ${OPENER}`,
      `your-turn ${SUNDAY}`,
      `waiting ${DEADLINE}`,
      `picks-in ${OPENER}`,
      "complete undefined",
      "closed undefined",
    ]);
  });
});

describe("the tiebreaker guess owed", () => {
  // The week's last game, Monday night: guesses lock at its kickoff.
  const MONDAY = "2025-09-09T00:15:00.000Z";
  const tiebreak = (guessed: { ada?: boolean; bob?: boolean } = {}): TurnInfo["tiebreak"] => ({
    locksAt: MONDAY,
    player1Guessed: guessed.ada ?? false,
    player2Guessed: guessed.bob ?? false,
  });

  it("follows the viewer's last pick until they guess, counting down to the lock", () => {
    const info = turn({ player1Picks: 2, player2Picks: 1, tiebreak: tiebreak() });
    const status = turnStatus(as("ada", info));
    expect(status).toEqual({ kind: "guess-owed", week: 1, remaining: 0, target: new Date(MONDAY) });
    expect(turnText(status, "Bob", NOON)).toBe("Your picks are in · tiebreaker guess locks in 4d 12h");
    const sunday = new Date("2025-09-08T23:45:00Z");
    expect(view(as("ada", info, sunday))).toBe("Your picks are in · tiebreaker guess locks in 30m 0s");
  });

  it("stands in for picks complete too, for whoever has not guessed", () => {
    const info = turn({ player1Picks: 2, player2Picks: 2, tiebreak: tiebreak({ ada: true }) });
    expect(view(as("ada", info))).toBe("Picks complete for week 1");
    expect(turnStatus(as("bob", info)).kind).toBe("guess-owed");
  });

  it("gives way to the viewer's picks still to make, and goes once the guess is made", () => {
    expect(turnStatus(as("ada", turn({ tiebreak: tiebreak() }))).kind).toBe("your-turn");
    const guessed = turn({ player1Picks: 2, player2Picks: 1, tiebreak: tiebreak({ ada: true }) });
    expect(view(as("ada", guessed))).toBe("Your picks are in · Bob has 1 pick to make");
  });

  it("is owed no more once the guesses have locked, or in a week without games", () => {
    const late = new Date("2025-09-09T01:00:00Z");
    const done = turn({ player1Picks: 2, player2Picks: 2, tiebreak: tiebreak() });
    expect(turnStatus(as("ada", done, late)).kind).toBe("complete");
    expect(turnStatus(as("ada", done, new Date(MONDAY))).kind).toBe("complete");
    const noGames = turn({ player1Picks: 2, player2Picks: 2, tiebreak: { ...tiebreak()!, locksAt: null } });
    expect(turnStatus(as("ada", noGames)).kind).toBe("complete");
  });

  it("comes right after the viewer's turns, and titles the card Your Turn", () => {
    const at = (kind: TurnStatus["kind"], target: string | null): TurnStatus => ({
      kind,
      week: 1,
      remaining: 0,
      target: target ? new Date(target) : null,
    });
    const list = [at("waiting", DEADLINE), at("guess-owed", MONDAY), at("your-turn", SUNDAY)];
    expect([...list].sort(byUrgency).map((item) => item.kind)).toEqual([
      "your-turn",
      "guess-owed",
      "waiting",
    ]);
    expect(turnCardTitle([at("complete", null), at("guess-owed", MONDAY)])).toBe("Your Turn");
    expect(turnCardTitle([at("complete", null), at("picks-in", OPENER)])).toBe("This Week");
  });
});
