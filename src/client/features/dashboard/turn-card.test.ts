import { describe, expect, it } from "vitest";
import type { TurnInfo } from "@/contracts/turn";
import { singleRound } from "@/domain/rounds";
import { nextPickDue } from "@/client/lib/next-pick-due";
import { turnCardTitle, turnStatus, turnText } from "./turn-countdown";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";

// Week 1 of 2025: Thursday noon UTC, hand-over 23:00 UTC, the opener 00:20 UTC, Sunday's games.
const NOON = new Date("2025-09-04T12:00:00Z");
const HAND_OVER = "2025-09-04T23:00:00.000Z";
const OPENER = "2025-09-05T00:20:00.000Z";
const SUNDAY = "2025-09-07T17:00:00.000Z";

/** A week of one pick each, Ada (player 1) picking first; what is left follows from what is held. */
function turn(held: { ada?: number; bob?: number } = {}, extra: Partial<TurnInfo> = {}): TurnInfo {
  const ada = held.ada ?? 0;
  const bob = held.bob ?? 0;
  return {
    week: 1,
    firstPickerId: ADA,
    allowance: 1,
    player1Allowance: 1,
    player2Allowance: 1,
    player1Picks: ada,
    player2Picks: bob,
    player1Left: 1 - ada,
    player2Left: 1 - bob,
    player1BaseLeft: 1 - ada,
    player2BaseLeft: 1 - bob,
    rounds: singleRound(1),
    round: 1,
    turnUserId: ada === 0 ? ADA : bob === 0 ? BOB : null,
    deadline: HAND_OVER,
    openKickoffs: [OPENER, SUNDAY],
    tiebreak: null,
    now: NOON.toISOString(),
    ...extra,
  };
}

/** The row as the card shows it, for Ada or Bob, with Make Picks' deadline beside it. */
function row(who: "ada" | "bob", info: TurnInfo, now = NOON) {
  const viewerIsPlayer1 = who === "ada";
  const status = turnStatus({ turn: info, viewerId: viewerIsPlayer1 ? ADA : BOB, viewerIsPlayer1, now });
  return { status, text: turnText(status, viewerIsPlayer1 ? "Bob" : "Ada", now) };
}

describe("the turn card's countdown", () => {
  it("runs to the hand-over on the first picker's turn, as Make Picks' deadline does", () => {
    const { status, text } = row("ada", turn());
    expect(status.target).toEqual(new Date(HAND_OVER));
    expect(status.target).toEqual(nextPickDue(turn(), ADA, NOON));
    expect(text).toBe("Your turn: 1 pick to make · hand-over in 11h 0m");
  });

  it("runs to the next kickoff when it comes before the hand-over", () => {
    const early = "2025-09-04T17:30:00.000Z";
    const info = turn({}, { openKickoffs: [early, OPENER] });
    expect(row("ada", info).text).toBe("Your turn: 1 pick to make · next kickoff in 5h 30m");
  });

  it("runs to the next kickoff once the first picker is done", () => {
    const { status, text } = row("bob", turn({ ada: 1 }));
    expect(status.target).toEqual(new Date(OPENER));
    expect(text).toBe("Your turn: 1 pick to make · next kickoff in 12h 20m");
  });

  it("runs to the next kickoff past the hand-over, for either player", () => {
    const after = new Date("2025-09-04T23:30:00Z");
    expect(row("ada", turn(), after).text).toBe("Your turn: 1 pick to make · next kickoff in 50m 0s");
    expect(row("bob", turn(), after).text).toBe("Your turn: 1 pick to make · next kickoff in 50m 0s");
  });

  it("leaves the other lines as they are", () => {
    expect(row("bob", turn()).text).toBe("Waiting for Ada · hand-over in 11h 0m");
    expect(row("ada", turn({ ada: 1 })).text).toBe("Your picks are in · Bob has 1 pick to make");
    expect(row("ada", turn({ ada: 1, bob: 1 })).text).toBe("Picks complete for week 1");
    expect(row("ada", turn({}, { openKickoffs: [] })).text).toBe(
      "Picks closed for week 1: every game has kicked off",
    );
  });
});

describe("the turn card's title", () => {
  it("is Your Turn while the viewer may pick in a contest", () => {
    expect(turnCardTitle([{ kind: "waiting" }, { kind: "your-turn" }])).toBe("Your Turn");
  });

  it.each([
    [[{ kind: "complete" as const }]],
    [[{ kind: "waiting" as const }, { kind: "picks-in" as const }]],
    [[]],
  ])("is This Week otherwise (%j)", (statuses) => {
    expect(turnCardTitle(statuses)).toBe("This Week");
  });
});
