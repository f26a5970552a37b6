import { describe, expect, it } from "vitest";
import type { BetChange } from "@/contracts/bets";
import {
  amountText,
  betEditorDefaults,
  betEditorForm,
  changeText,
  pendingChange,
  proposalDefaults,
  proposalForm,
  waitingText,
} from "./bets";

const change = (over: Partial<BetChange> = {}): BetChange => ({
  id: "20000000-0000-4000-8000-000000000001",
  contestId: "10000000-0000-4000-8000-000000000001",
  contestName: "Sunday Showdown",
  kind: "proposal",
  proposedBy: "ada",
  proposerName: "Ada Lovelace",
  responderId: "bob",
  fromWeek: 4,
  newAmount: 40,
  status: "proposed",
  createdAt: "2025-09-04T12:00:00.000Z",
  respondedAt: null,
  ...over,
});

describe("texts", () => {
  it("shows amounts as the bet badges do", () => {
    expect(amountText(40)).toBe("$40/week");
    expect(amountText(0)).toBe("Free");
    expect(changeText(change())).toBe("$40/week from week 4");
    expect(changeText(change({ newAmount: 0, fromWeek: 9 }))).toBe("Free from week 9");
  });

  it("says whom a proposal waits for", () => {
    expect(waitingText(change(), "ada", "Bob Brown")).toBe(
      "Waiting for Bob Brown to respond to your proposal.",
    );
    expect(waitingText(change(), "admin", "Bob Brown")).toBe("Waiting for Bob Brown to respond.");
  });

  it("finds the waiting proposal among a history", () => {
    expect(pendingChange([change({ status: "approved" }), change({ id: "w" })])?.id).toBe("w");
    expect(pendingChange([change({ status: "expired" })])).toBeUndefined();
    expect(pendingChange(undefined)).toBeUndefined();
  });
});

describe("proposal form", () => {
  const form = proposalForm(3, 18);
  it.each([
    [{ week: 3, newAmount: 25 }, null],
    [{ week: 18, newAmount: 0 }, null],
    [{ week: 2, newAmount: 25 }, "Week must be between 3 and 18"],
    [{ week: 19, newAmount: 25 }, "Week must be between 3 and 18"],
    [{ week: 4, newAmount: 12 }, "Bet amount must be 0 or greater, in steps of $5"],
    [{ week: 4, newAmount: -5 }, "Bet amount must be 0 or greater"],
    [{ week: 4, newAmount: undefined }, "Bet amount must be a number"],
  ])("%j -> %s", (values, message) => {
    const result = form.safeParse(values);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });

  it("starts at the current week and $25", () => {
    // The amount in force, not a fixed one; a free contest's proposal starts from the default.
    expect(proposalDefaults(3, { isFree: false, betAmount: 40 })).toEqual({ week: 3, newAmount: 40 });
    expect(proposalDefaults(3, { isFree: true, betAmount: 0 })).toEqual({ week: 3, newAmount: 10 });
  });
});

describe("inline bet editor", () => {
  it("starts from the bet in force; a free contest's amount starts at the default, $10", () => {
    expect(betEditorDefaults({ isFree: false, betAmount: 40 })).toEqual({ isFree: false, amount: 40 });
    expect(betEditorDefaults({ isFree: true, betAmount: 0 })).toEqual({ isFree: true, amount: 10 });
  });

  it.each([
    [{ isFree: false, amount: 35 }, null],
    [{ isFree: true, amount: 7 }, null],
    [{ isFree: true }, null],
    [{ isFree: false, amount: 7 }, "Bet amount must be 0 or greater, in steps of $5"],
    [{ isFree: false }, "Amount per week is required"],
  ])("%j -> %s", (values, message) => {
    const result = betEditorForm.safeParse(values);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });
});
