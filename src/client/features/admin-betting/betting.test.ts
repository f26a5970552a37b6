import { describe, expect, it } from "vitest";
import type { BetChange } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import {
  betEditable,
  bettingPlayers,
  bettingStats,
  filterBettingContests,
  mayPropose,
  pendingByContest,
} from "./betting";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";

let next = 0;
const contest = (over: Partial<Contest>): Contest => ({
  id: `10000000-0000-4000-8000-${String((next += 1)).padStart(12, "0")}`,
  name: "Sunday Showdown",
  description: "",
  status: "active",
  player1Id: ADA,
  player2Id: BOB,
  player2Email: "bob@example.com",
  betAmount: 25,
  isFree: false,
  season: 2025,
  standing: {
    player1: { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
    player2: { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
    completedWeeks: 0,
  },
  startWeek: 1,
  currentWeek: 3,
  totalWeeks: 18,
  maxPicksPerPlayer: 2,
  rounds: null,
  tiebreaker: false,
  lockOfTheWeek: false,
  potRollover: false,
  postseason: false,
  postseasonMultipliers: [1, 1, 1, 1],
  winnerId: null,
  createdAt: "2025-09-01T00:00:00.000Z",
  predecessorId: null,
  rematch: null,
  ...over,
});

const change = (over: Partial<BetChange>): BetChange => ({
  id: "20000000-0000-4000-8000-000000000001",
  contestId: "10000000-0000-4000-8000-000000000001",
  contestName: "Sunday Showdown",
  kind: "proposal",
  proposedBy: ADA,
  proposerName: "Ada Lovelace",
  responderId: BOB,
  fromWeek: 4,
  newAmount: 40,
  status: "proposed",
  createdAt: "2025-09-04T12:00:00.000Z",
  respondedAt: null,
  ...over,
});

describe("bettingStats", () => {
  it("sums and averages the paid contests only, rounding the average to whole dollars", () => {
    const stats = bettingStats([
      contest({ betAmount: 25 }),
      contest({ betAmount: 10 }),
      contest({ betAmount: 20 }),
      contest({ betAmount: 0, isFree: true }),
      // Flagged free with an amount left over: free, not counted.
      contest({ betAmount: 40, isFree: true }),
      // A bet of $0 is free too.
      contest({ betAmount: 0, isFree: false }),
    ]);
    expect(stats).toEqual({ totalBetValue: 55, paidContests: 3, freeContests: 3, averageBet: 18 });
  });

  it("is all zeros without paid contests", () => {
    expect(bettingStats([])).toEqual({ totalBetValue: 0, paidContests: 0, freeContests: 0, averageBet: 0 });
    expect(bettingStats([contest({ isFree: true, betAmount: 0 })]).averageBet).toBe(0);
  });

  it("rounds halves up", () => {
    expect(bettingStats([contest({ betAmount: 5 }), contest({ betAmount: 10 })]).averageBet).toBe(8);
  });
});

describe("filterBettingContests", () => {
  const users = new Map<string, ListedUser>([
    [
      ADA,
      {
        id: ADA,
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        isAdmin: true,
      } as ListedUser,
    ],
    [
      BOB,
      {
        id: BOB,
        firstName: "Bob",
        lastName: "Brown",
        email: "bob@example.com",
        isAdmin: false,
      } as ListedUser,
    ],
  ]);
  const playersOf = (c: Contest) => bettingPlayers(c, users);
  const list = [
    contest({ name: "Sunday Showdown" }),
    contest({ name: "Rivals", player2Id: null, player2Email: "zed@example.com" }),
  ];

  it.each([
    ["", 2],
    ["showdown", 1],
    ["LOVELACE", 2],
    ["zed@", 1],
    ["nobody", 0],
  ])("%j finds %i", (search, count) => {
    expect(filterBettingContests(list, search, playersOf)).toHaveLength(count);
  });

  it("names an invitee without an account by e-mail", () => {
    expect(playersOf(list[1]!)).toEqual({ player1: "Ada Lovelace", player2: "zed@example.com" });
  });
});

describe("proposals and editing", () => {
  it("keeps the waiting proposal of each contest", () => {
    const waiting = pendingByContest([
      change({}),
      change({ id: "x", contestId: "other", status: "approved" }),
    ]);
    expect([...waiting.keys()]).toEqual(["10000000-0000-4000-8000-000000000001"]);
  });

  it("lets only the two players of an active contest propose, while nothing waits", () => {
    const active = contest({});
    expect(mayPropose(active, ADA, undefined)).toBe(true);
    expect(mayPropose(active, BOB, undefined)).toBe(true);
    expect(mayPropose(active, "someone-else", undefined)).toBe(false);
    expect(mayPropose(active, undefined, undefined)).toBe(false);
    expect(mayPropose(active, ADA, change({}))).toBe(false);
    expect(mayPropose(contest({ status: "completed" }), ADA, undefined)).toBe(false);
  });

  it("edits the bet of pending and active contests only", () => {
    expect(
      ["pending", "active", "completed", "rejected"].map((status) =>
        betEditable({ status: status as Contest["status"] }),
      ),
    ).toEqual([true, true, false, false]);
  });
});
