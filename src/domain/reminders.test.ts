import { describe, expect, it } from "vitest";
import { dueLeads, tiebreakNeeds } from "./reminders";
import { singleRound } from "./rounds";

const DEADLINE = new Date("2025-09-04T23:00:00Z");
const before = (hours: number) => new Date(DEADLINE.getTime() - hours * 3_600_000);

describe("dueLeads", () => {
  it("sends the shortest lead time whose time has come, and never the longer ones passed with it", () => {
    expect(dueLeads([1440, 120], DEADLINE, before(25))).toEqual({ send: null, superseded: [] });
    expect(dueLeads([1440, 120], DEADLINE, before(24))).toEqual({ send: 1440, superseded: [] });
    expect(dueLeads([1440, 120], DEADLINE, before(1))).toEqual({ send: 120, superseded: [1440] });
    expect(dueLeads([1440, 120], DEADLINE, DEADLINE)).toEqual({ send: null, superseded: [] });
  });

  it("sends none whose time had come when a hand-over told the player it was their turn", () => {
    // Told 3 hours before: the 24-hour time had come, the 2-hour one had not.
    expect(dueLeads([1440, 120], DEADLINE, before(3), before(3))).toEqual({ send: null, superseded: [1440] });
    expect(dueLeads([1440, 120], DEADLINE, before(2), before(3))).toEqual({ send: 120, superseded: [1440] });
    // Told after both: neither is sent.
    expect(dueLeads([1440, 120], DEADLINE, before(1), before(1))).toEqual({
      send: null,
      superseded: [120, 1440],
    });
  });
});

describe("tiebreakNeeds", () => {
  const players = { player1Id: "ada", player2Id: "bea" };
  const LAST_KICKOFF = new Date("2025-09-09T00:15:00Z");
  const needs = (held: Record<string, number>, guessedBy: string[], now = before(0)) =>
    tiebreakNeeds({
      rounds: singleRound(2),
      players,
      held: (userId) => held[userId] ?? 0,
      guessedBy,
      lastKickoff: LAST_KICKOFF,
      now,
    });

  it("reminds each player whose picks are in and whose guess is not, of the last game's kickoff", () => {
    expect(needs({ ada: 2, bea: 2 }, ["ada"])).toEqual([
      { userId: "bea", deadline: LAST_KICKOFF, about: "tiebreak" },
    ]);
    expect(needs({ ada: 2, bea: 2 }, [])).toHaveLength(2);
  });

  it("leaves a player with picks to make to the picks' reminder, and nobody once the game kicked off", () => {
    expect(needs({ ada: 1, bea: 2 }, ["bea"])).toEqual([]);
    expect(needs({ ada: 2, bea: 2 }, [], LAST_KICKOFF)).toEqual([]);
  });
});
