import { describe, expect, it } from "vitest";
import type { ListedUser } from "@/contracts/users";
import { contestsLabel, filterPlayers, playerStats } from "./players";

const user = (over: Partial<ListedUser>): ListedUser => ({
  id: "00000000-0000-4000-8000-000000000000",
  firstName: "Pat",
  lastName: "Player",
  email: "pat@example.com",
  isAdmin: false,
  createdAt: "2025-09-01T00:00:00.000Z",
  lastActiveAt: null,
  contestsCount: 0,
  ...over,
});

const ada = user({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", isAdmin: true });
const bob = user({ firstName: "Bob", lastName: "Stone", email: "rocks@example.org", contestsCount: 2 });

describe("filterPlayers", () => {
  it.each([
    ["", [ada, bob]],
    ["  ", [ada, bob]],
    ["ada", [ada]],
    ["LOVELACE", [ada]],
    ["ada love", [ada]],
    ["ROCKS@", [bob]],
    ["example", [ada, bob]],
    ["nobody", []],
  ])("%j", (search, expected) => {
    expect(filterPlayers([ada, bob], search)).toEqual(expected);
  });
});

describe("playerStats", () => {
  it("counts everyone, players in a contest and admins", () => {
    expect(playerStats([ada, bob, user({ contestsCount: 1 })])).toEqual({ total: 3, active: 2, admins: 1 });
    expect(playerStats([])).toEqual({ total: 0, active: 0, admins: 0 });
  });
});

describe("contestsLabel", () => {
  it.each([
    [0, "0 contests"],
    [1, "1 contest"],
    [2, "2 contests"],
  ])("%i", (count, label) => expect(contestsLabel(count)).toBe(label));
});
