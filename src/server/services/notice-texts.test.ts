import { describe, expect, it } from "vitest";
import { betChangeEmail, proposalEmail, publicUrl } from "./notice-texts";

const ada = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const bob = { firstName: "Bob", lastName: "Baker", email: "bob@example.com" };
const contest = { id: "c0ffee00-0000-4000-8000-000000000000", name: "Sunday Showdown" };
const baseUrl = "https://pool.example.com";

describe("links in e-mail", () => {
  it("point at PUBLIC_URL, else this server on localhost, never with a trailing slash", () => {
    expect(publicUrl({ PUBLIC_URL: "https://pool.example.com/", PORT: 5000 })).toBe(baseUrl);
    expect(publicUrl({ PUBLIC_URL: undefined, PORT: 5075 })).toBe("http://localhost:5075");
  });
});

describe("a proposal awaiting an answer", () => {
  it("names the game, the week, the kickoff in Pacific time and where to answer", () => {
    const mail = proposalEmail({
      baseUrl,
      to: bob,
      proposer: ada,
      contest,
      week: 3,
      game: "KC @ BUF",
      kickoff: new Date("2025-09-21T17:00:00Z"),
    });
    expect(mail.subject).toBe("Ada Lovelace proposed an additional game in “Sunday Showdown”");
    expect(mail.text).toContain("Hi Bob,");
    expect(mail.text).toContain("Ada Lovelace proposed adding KC @ BUF to week 3 of “Sunday Showdown”.");
    expect(mail.text).toContain("The proposal expires at kickoff, Sun, Sep 21, 10:00 AM PT.");
    expect(mail.text).toContain(`${baseUrl}/picks?contestId=${contest.id}&week=3`);
  });
});

describe("a bet change awaiting an answer", () => {
  it("names the new bet and the week it starts, and links to the contest", () => {
    const mail = betChangeEmail({ baseUrl, to: bob, proposer: ada, contest, fromWeek: 5, newAmount: 40 });
    expect(mail.subject).toBe("Ada Lovelace proposed a new bet in “Sunday Showdown”");
    expect(mail.text).toContain("changing the weekly bet of “Sunday Showdown” to $40/week from week 5 on.");
    expect(mail.text).toContain(`${baseUrl}/contests/${contest.id}`);
  });

  it("says Free for $0, and links where it is told", () => {
    const mail = betChangeEmail({
      baseUrl,
      to: bob,
      proposer: ada,
      contest,
      fromWeek: 5,
      newAmount: 0,
      path: "/admin/betting",
    });
    expect(mail.text).toContain("to Free from week 5 on.");
    expect(mail.text).toContain(`${baseUrl}/admin/betting`);
  });
});
