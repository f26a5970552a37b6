import { describe, expect, it } from "vitest";
import type { Game } from "@/contracts/games";
import type { Proposal } from "@/contracts/proposals";
import {
  EXPIRED_TEXT,
  acceptedGames,
  proposableGames,
  proposalAction,
  proposalLook,
  timeToStart,
} from "./proposals-view";

const now = new Date("2025-09-04T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const game = (id: string, over: Partial<Game> = {}): Game => ({
  id,
  week: 1,
  season: 2025,
  homeTeam: "PHI",
  awayTeam: "DAL",
  favoriteTeam: "PHI",
  gameDate: "2025-09-07T17:00:00.000Z",
  spread: "-8.5",
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

const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  id: "p1",
  contestId: "c1",
  gameId: "g1",
  week: 1,
  proposedBy: "alice",
  proposerName: "Alice Anders",
  status: "pending",
  proposedAt: now.toISOString(),
  respondedAt: null,
  game: game("g1"),
  started: false,
  expired: false,
  ...over,
});

describe("timeToStart", () => {
  it.each<[string, number, string | null]>([
    ["days and hours over 24 hours", 2 * DAY + 5 * HOUR + 59 * MINUTE, "2d 5h"],
    ["just over a day", DAY + MINUTE, "1d 0h"],
    ["hours and minutes at 24 hours", DAY, "24h 0m"],
    ["hours and minutes", 3 * HOUR + 20 * MINUTE + 30_000, "3h 20m"],
    ["an hour", HOUR, "1h 0m"],
    ["minutes under an hour", 45 * MINUTE + 59_000, "45m"],
    ["the last minute", 30_000, "<1m"],
    ["started", 0, null],
    ["long started", -HOUR, null],
  ])("%s", (_label, ms, expected) => {
    expect(timeToStart(at(ms).toISOString(), now)).toBe(expected);
  });
});

describe("proposableGames", () => {
  const games = [
    game("later", { gameDate: at(3 * DAY).toISOString() }),
    game("soon", { gameDate: at(HOUR).toISOString() }),
    game("started", { gameDate: at(-MINUTE).toISOString() }),
    game("live", { status: "live" }),
    game("proposed"),
    game("picked"),
    game("no-line", { spread: null, overUnder: null }),
    game("total-only", { spread: null }),
  ];

  it("keeps upcoming, unstarted, unproposed, unpicked games with a line, soonest first", () => {
    const ids = proposableGames(games, [{ gameId: "proposed" }], new Set(["picked"]), now).map((g) => g.id);
    expect(ids).toEqual(["soon", "later", "total-only"]);
  });
});

describe("proposalAction and proposalLook", () => {
  const alice = { userId: "alice", isPlayer: true, opponentName: "Bob Brown" };
  const bob = { userId: "bob", isPlayer: true, opponentName: "Alice Anders" };
  const admin = { userId: "ada", isPlayer: false, opponentName: "Bob Brown" };
  const started = proposal({ game: game("g1", { gameDate: at(-MINUTE).toISOString() }) });

  it("lets the other player answer a pending proposal", () => {
    expect(proposalAction(proposal(), bob, now)).toEqual({ kind: "answer" });
    expect(proposalLook(proposal(), now)).toBe("Pending");
  });

  it("tells the proposer they are waiting", () => {
    expect(proposalAction(proposal(), alice, now)).toEqual({
      kind: "waiting",
      text: "Waiting for Bob Brown to respond to your proposal.",
    });
  });

  it("offers nothing to someone who does not play", () => {
    expect(proposalAction(proposal(), admin, now)).toEqual({ kind: "none" });
  });

  it("says a started game's proposal is no longer valid, to everyone", () => {
    for (const viewer of [alice, bob, admin]) {
      expect(proposalAction(started, viewer, now)).toEqual({ kind: "expired", text: EXPIRED_TEXT });
    }
    expect(proposalLook(started, now)).toBe("Expired");
  });

  it("offers nothing on an answered proposal", () => {
    const accepted = proposal({ status: "accepted" });
    expect(proposalAction(accepted, bob, now)).toEqual({ kind: "none" });
    expect(proposalLook(accepted, now)).toBe("Accepted");
    expect(proposalLook({ ...started, status: "rejected" }, now)).toBe("Rejected");
  });

  it("lists the accepted games", () => {
    const list = [proposal(), proposal({ id: "p2", status: "accepted", game: game("g2") })];
    expect(acceptedGames(list).map((g) => g.id)).toEqual(["g2"]);
  });
});
