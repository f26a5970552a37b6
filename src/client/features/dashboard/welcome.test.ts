import { describe, expect, it } from "vitest";
import { welcomeText } from "./welcome";

const created = "2025-09-04T12:00:00.000Z";
const at = (iso: string) => new Date(iso).getTime();

describe("welcomeText", () => {
  it.each([
    ["just created", "2025-09-04T12:00:00Z", "Welcome, Bob!"],
    ["the same evening", "2025-09-04T23:00:00Z", "Welcome, Bob!"],
    ["a minute short of a day", "2025-09-05T11:59:00Z", "Welcome, Bob!"],
    ["a day later", "2025-09-05T12:00:00Z", "Welcome back, Bob!"],
    ["a month later", "2025-10-04T12:00:00Z", "Welcome back, Bob!"],
    // A clock read before the account was made: still a newcomer.
    ["a clock behind", "2025-09-04T11:00:00Z", "Welcome, Bob!"],
  ])("greets an account %s", (_, now, greeting) => {
    expect(welcomeText({ firstName: "Bob", createdAt: created }, at(now))).toBe(
      `${greeting} Here's what's happening in your contests.`,
    );
  });

  it("says welcome while the user or the clock is not known yet, welcome back for an unreadable date", () => {
    expect(welcomeText(null, Date.now())).toBe("Welcome! Here's what's happening in your contests.");
    expect(welcomeText({ firstName: "Ann", createdAt: created }, undefined)).toMatch(/^Welcome, Ann!/);
    expect(welcomeText({ firstName: "Ann", createdAt: "soon" }, Date.now())).toMatch(/^Welcome back, Ann!/);
  });
});
