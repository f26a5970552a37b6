import { describe, expect, it } from "vitest";
import type { TurnInfo } from "@/contracts/turn";
import { singleRound } from "@/domain/rounds";
import { nextPickDue, nextPickDueText } from "./next-pick-due";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";

// Week 12 of 2026: the hand-over is Thursday Nov 26, 4:00 PM Pacific; Sunday's games follow.
const HAND_OVER = "2026-11-27T00:00:00.000Z";
const SUNDAY_1PM_ET = "2026-11-29T18:00:00.000Z";
const SUNDAY_425_ET = "2026-11-29T21:25:00.000Z";

function turn(overrides: Partial<TurnInfo> = {}): TurnInfo {
  return {
    week: 12,
    firstPickerId: ADA,
    allowance: 2,
    player1Allowance: 2,
    player2Allowance: 2,
    player1Picks: 0,
    player2Picks: 0,
    player1Left: 2,
    player2Left: 2,
    player1BaseLeft: 2,
    player2BaseLeft: 2,
    rounds: singleRound(2),
    round: 1,
    turnUserId: ADA,
    deadline: HAND_OVER,
    openKickoffs: [SUNDAY_1PM_ET, SUNDAY_425_ET],
    tiebreak: null,
    now: "2026-11-25T12:00:00.000Z",
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe("nextPickDue", () => {
  it("is the hand-over while the first picker still has picks of their own to make", () => {
    expect(nextPickDue(turn(), ADA, at("2026-11-25T12:00:00Z"))).toEqual(at(HAND_OVER));
    // Player 2 picks first: their picks left are what count.
    const bobFirst = turn({ firstPickerId: BOB, player1BaseLeft: 0, player1Left: 0, turnUserId: BOB });
    expect(nextPickDue(bobFirst, ADA, at("2026-11-25T12:00:00Z"))).toEqual(at(HAND_OVER));
  });

  it("is the next open kickoff once the first picker is done, or the hand-over has passed", () => {
    const adaDone = turn({ player1BaseLeft: 0, player1Left: 0, player1Picks: 2, turnUserId: BOB });
    expect(nextPickDue(adaDone, ADA, at("2026-11-25T12:00:00Z"))).toEqual(at(SUNDAY_1PM_ET));
    // The Friday after Thanksgiving: the hand-over has passed, nobody has picked.
    expect(nextPickDue(turn(), ADA, at("2026-11-27T03:00:00Z"))).toEqual(at(SUNDAY_1PM_ET));
    // Sunday between the early and the late games.
    expect(nextPickDue(turn(), ADA, at("2026-11-29T19:00:00Z"))).toEqual(at(SUNDAY_425_ET));
  });

  it("is a kickoff before the hand-over when one comes first (Thanksgiving's early game)", () => {
    const thanksgiving = "2026-11-26T17:30:00.000Z";
    const week = turn({ openKickoffs: [thanksgiving, SUNDAY_1PM_ET] });
    expect(nextPickDue(week, ADA, at("2026-11-26T12:00:00Z"))).toEqual(at(thanksgiving));
  });

  it("says when every pick is in, and when no game is left to pick", () => {
    const complete = turn({ player1Left: 0, player2Left: 0, player1BaseLeft: 0, player2BaseLeft: 0 });
    expect(nextPickDue(complete, ADA, at("2026-11-25T12:00:00Z"))).toBe("complete");
    expect(nextPickDue(turn(), ADA, at("2026-11-30T12:00:00Z"))).toBe("closed");
  });
});

describe("nextPickDueText", () => {
  function inZone<T>(zone: string, run: () => T): T {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      return run();
    } finally {
      process.env.TZ = saved;
    }
  }

  it("writes 'Thu 4pm PT' for the hand-over in Pacific time, and names other zones", () => {
    expect(inZone("America/Los_Angeles", () => nextPickDueText(at(HAND_OVER), 12))).toBe("Thu 4pm PT");
    expect(inZone("America/New_York", () => nextPickDueText(at(HAND_OVER), 12))).toBe("Thu 7pm ET");
    expect(inZone("America/New_York", () => nextPickDueText(at(SUNDAY_425_ET), 12))).toBe("Sun 4:25pm ET");
    expect(inZone("UTC", () => nextPickDueText(at(SUNDAY_1PM_ET), 12))).toBe("Sun 6pm UTC");
  });

  it("writes the picks page's 'Thu 4:00 PM PT' on Make Picks", () => {
    expect(inZone("America/Los_Angeles", () => nextPickDueText(at(HAND_OVER), 12, "page"))).toBe(
      "Thu 4:00 PM PT",
    );
    expect(inZone("America/New_York", () => nextPickDueText(at(SUNDAY_425_ET), 12, "page"))).toBe(
      "Sun 4:25 PM ET",
    );
  });

  it("says the week's state when no pick is due", () => {
    expect(nextPickDueText("complete", 12)).toBe("All week 12 picks are in");
    expect(nextPickDueText("closed", 12)).toBe("Week 12 is closed to picks");
    expect(nextPickDueText("complete", 19)).toBe("All Wild Card picks are in");
    expect(nextPickDueText("closed", 22)).toBe("The Super Bowl is closed to picks");
  });
});
