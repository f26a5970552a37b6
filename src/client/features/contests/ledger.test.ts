import { describe, expect, it } from "vitest";
import type { WeeklyResult } from "@/contracts/picks";
import {
  balanceText,
  buildLedger,
  ledgerSummary,
  rolledInText,
  rollText,
  weeksWonText,
  winnerText,
  wonByText,
} from "./ledger";

const names = { player1: "Alice", player2: "Bob" };
const pickOf = (week: number) => ({ id: `pick-${week}` }) as unknown as WeeklyResult["player1Picks"][number];

const week = (
  number: number,
  weekWinner: WeeklyResult["weekWinner"],
  potAmount = 25,
  isSettled = weekWinner !== null,
): WeeklyResult => ({
  week: number,
  potAmount,
  isSettled,
  player1Wins: 0,
  player2Wins: 0,
  weekWinner,
  // A tie here is one on wins: each made a pick (a week with none: "no-picks", below).
  player1Picks: weekWinner === "tie" ? [pickOf(number)] : [],
  player2Picks: weekWinner === "tie" ? [pickOf(number)] : [],
});

describe("buildLedger", () => {
  it("keeps the settled weeks, oldest first, with the running balance from player 1's side", () => {
    const ledger = buildLedger(
      [week(5, null, 25, false), week(4, "player2", 40), week(2, "player1"), week(3, "tie")],
      false,
    );
    const plain = { rolledIn: 0, rollsOver: false };
    expect(ledger.weeks).toEqual([
      { week: 2, pot: 25, winner: "player1", balance: 25, ...plain },
      { week: 3, pot: 25, winner: "tie", balance: 25, ...plain },
      { week: 4, pot: 40, winner: "player2", balance: -15, ...plain },
    ]);
    expect(ledger.balance).toBe(-15);
    expect(ledger.free).toBe(false);
    expect(ledger.weeksWon).toEqual({ player1: 1, player2: 1, pushes: 1, unpicked: 0 });
  });

  it("is empty and square before any week is settled", () => {
    expect(buildLedger([week(1, null, 25, false)], false)).toEqual({
      weeks: [],
      balance: 0,
      free: false,
      weeksWon: { player1: 0, player2: 0, pushes: 0, unpicked: 0 },
    });
  });

  it("is free only when the contest is free and no settled week had money at stake", () => {
    expect(buildLedger([week(1, "player1", 0), week(2, "player2", 0)], true)).toMatchObject({
      free: true,
      balance: 0,
    });
    // A contest made free later still owes what its paid weeks moved.
    const madeFree = buildLedger([week(1, "player1", 25), week(2, "player2", 0)], true);
    expect(madeFree).toMatchObject({ free: false, balance: 25 });
    expect(buildLedger([week(1, "player1", 0)], false).free).toBe(false);
  });

  it("is the sum of pots won minus pots lost, whatever the order of the weeks", () => {
    const results = [1, 2, 3, 4, 5, 6].map((n) =>
      week(n, n % 3 === 0 ? "tie" : n % 2 ? "player1" : "player2", n * 5),
    );
    const ledger = buildLedger([...results].reverse(), false);
    // Weeks 1 and 5 to Alice ($5 + $25), 2 and 4 to Bob ($10 + $20), 3 and 6 pushes.
    expect(ledger.balance).toBe(0);
    expect(ledger.weeks.map((row) => row.balance)).toEqual([5, -5, -5, -25, 0, 0]);
  });

  it("tells a week nobody picked in from a tie on wins: neither moves money", () => {
    const unpicked = { ...week(2, "tie", 10), player1Picks: [], player2Picks: [] };
    const ledger = buildLedger([week(1, "tie", 10), unpicked], false);
    expect(ledger.weeks.map((row) => row.winner)).toEqual(["tie", "no-picks"]);
    expect(ledger.weeksWon).toEqual({ player1: 0, player2: 0, pushes: 1, unpicked: 1 });
    expect(ledger.balance).toBe(0);
  });
});

describe("with the pot's rollover", () => {
  it("moves nothing on a week that rolls over, and the whole pot with what rolled in on the week won", () => {
    const ledger = buildLedger(
      [
        { ...week(1, "tie", 20), rollsOver: true },
        { ...week(2, "tie", 40), rolledIn: 20, rollsOver: true },
        { ...week(3, "player2", 60), rolledIn: 40 },
      ],
      false,
    );
    expect(ledger.weeks).toEqual([
      { week: 1, pot: 20, winner: "tie", balance: 0, rolledIn: 0, rollsOver: true },
      { week: 2, pot: 40, winner: "tie", balance: 0, rolledIn: 20, rollsOver: true },
      { week: 3, pot: 60, winner: "player2", balance: -60, rolledIn: 40, rollsOver: false },
    ]);
    expect(ledger.balance).toBe(-60);
  });

  it("says where a pot no one won goes, and what a pot holds from the weeks before", () => {
    const rolls = { week: 3, pot: 20, rollsOver: true };
    expect(rollText(rolls, 18)).toBe("$20 rolls to week 4");
    expect(rollText({ ...rolls, week: 18 }, 18)).toBe("$20 left unclaimed");
    expect(rollText({ ...rolls, week: 18 }, 22)).toBe("$20 rolls to the Wild Card round");
    expect(rollText({ ...rolls, week: 22 }, 22)).toBe("$20 left unclaimed");
    expect(rollText({ ...rolls, rollsOver: false }, 18)).toBeNull();
    expect(rollText({ ...rolls, pot: 0 }, 18)).toBeNull();
    expect(wonByText({ ...rolls, winner: "tie" }, names, 18)).toBe("Push · $20 rolls to week 4");
    expect(wonByText({ ...rolls, winner: "no-picks" }, names, 18)).toBe(
      "No picks made · $20 rolls to week 4",
    );
    expect(wonByText({ ...rolls, rollsOver: false, winner: "player1" }, names, 18)).toBe("Alice");
    expect(rolledInText(20)).toBe("incl. $20 rolled over");
    expect(rolledInText(0)).toBeNull();
    expect(rolledInText(undefined)).toBeNull();
  });
});

describe("texts", () => {
  it.each([
    [{ balance: 50, free: false }, "Bob owes Alice $50"],
    [{ balance: -1250, free: false }, "Alice owes Bob $1,250"],
    [{ balance: 0, free: false }, "All square"],
    [{ balance: 0, free: true }, "Free contest: no money changes hands"],
  ])("ledgerSummary %o", (ledger, text) => {
    expect(ledgerSummary(ledger, names)).toBe(text);
  });

  it("names who is up, the winner of a week, and the weeks won", () => {
    expect(balanceText(25, names)).toBe("Alice +$25");
    expect(balanceText(-15, names)).toBe("Bob +$15");
    expect(balanceText(0, names)).toBe("Even");
    expect(winnerText("player2", names)).toBe("Bob");
    expect(winnerText("tie", names)).toBe("Push");
    expect(weeksWonText({ player1: 3, player2: 1, pushes: 1, unpicked: 0 }, names)).toBe(
      "Weeks won: Alice 3 · Bob 1 · 1 push",
    );
    expect(weeksWonText({ player1: 0, player2: 2, pushes: 0, unpicked: 0 }, names)).toBe(
      "Weeks won: Alice 0 · Bob 2",
    );
    expect(winnerText("no-picks", names)).toBe("No picks made");
    expect(weeksWonText({ player1: 0, player2: 0, pushes: 1, unpicked: 2 }, names)).toBe(
      "Weeks won: Alice 0 · Bob 0 · 1 push · 2 weeks with no picks",
    );
  });
});
