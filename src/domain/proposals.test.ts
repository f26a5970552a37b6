import { describe, expect, it } from "vitest";
import type { PickGame } from "./picks";
import {
  checkAnswer,
  checkProposal,
  isExpired,
  OWN_PROPOSAL,
  PROPOSAL_STARTED,
  type AnswerCheck,
  type ProposeCheck,
} from "./proposals";

const now = new Date("2025-09-07T12:00:00Z");
const game = (extra: Partial<PickGame> = {}): PickGame => ({
  id: "g1",
  season: 2025,
  week: 1,
  status: "upcoming",
  gameDate: new Date("2025-09-07T17:00:00Z"),
  spread: -3,
  overUnder: 44.5,
  label: "BUF @ KC",
  ...extra,
});

describe("checkProposal", () => {
  const propose = (extra: Partial<ProposeCheck> = {}): ProposeCheck => ({
    game: game(),
    season: 2025,
    week: 1,
    now,
    alreadyProposed: false,
    picked: false,
    ...extra,
  });

  it("accepts an open, unpicked game of the week", () => {
    expect(checkProposal(propose())).toBeNull();
    expect(checkProposal(propose({ game: game({ spread: null }) }))).toBeNull();
  });

  it.each<[string, Partial<ProposeCheck>, string]>([
    ["a game of another week", { game: game({ week: 2 }) }, "BUF @ KC is not a game of week 1."],
    ["a game of another season", { game: game({ season: 2024 }) }, "BUF @ KC is not a game of week 1."],
    [
      "a game that kicked off",
      { game: game({ gameDate: now }) },
      "BUF @ KC has already started: it can no longer be proposed.",
    ],
    [
      "a live game",
      { game: game({ status: "live" }) },
      "BUF @ KC has already started: it can no longer be proposed.",
    ],
    [
      "a game without any line",
      { game: game({ spread: null, overUnder: null }) },
      "BUF @ KC has no line yet: there is nothing to pick on it.",
    ],
    [
      "a game proposed before",
      { alreadyProposed: true },
      "BUF @ KC has already been proposed in this contest.",
    ],
    [
      "a game someone picked",
      { picked: true },
      "BUF @ KC has already been picked in this contest: only a game nobody picked can be an extra game.",
    ],
  ])("refuses %s", (_label, change, message) => {
    expect(checkProposal(propose(change))?.message).toBe(message);
  });
});

describe("checkAnswer", () => {
  const answer = (extra: Partial<AnswerCheck> = {}): AnswerCheck => ({
    game: game(),
    status: "pending",
    proposedBy: "alice",
    userId: "bob",
    answer: "accepted",
    now,
    picked: false,
    ...extra,
  });

  it("lets the opponent accept or reject a pending proposal before kickoff", () => {
    expect(checkAnswer(answer())).toBeNull();
    expect(checkAnswer(answer({ answer: "rejected" }))).toBeNull();
  });

  it.each<[string, Partial<AnswerCheck>, string]>([
    ["your own proposal", { userId: "alice" }, OWN_PROPOSAL],
    ["an accepted proposal", { status: "accepted" }, "This proposal has already been accepted."],
    ["a rejected proposal", { status: "rejected" }, "This proposal has already been rejected."],
    ["after kickoff", { game: game({ gameDate: now }) }, PROPOSAL_STARTED],
    [
      "accepting a game picked since",
      { picked: true },
      "BUF @ KC has already been picked in this contest: only a game nobody picked can be an extra game.",
    ],
  ])("refuses %s", (_label, change, message) => {
    expect(checkAnswer(answer(change))?.message).toBe(message);
  });

  it("lets a game picked since be rejected", () => {
    expect(checkAnswer(answer({ picked: true, answer: "rejected" }))).toBeNull();
  });
});

describe("isExpired", () => {
  it("is a pending proposal whose game has started", () => {
    expect(isExpired("pending", game({ gameDate: now }), now)).toBe(true);
    expect(isExpired("pending", game(), now)).toBe(false);
    expect(isExpired("accepted", game({ gameDate: now }), now)).toBe(false);
  });
});
