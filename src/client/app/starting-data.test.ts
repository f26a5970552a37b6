import { describe, expect, it } from "vitest";
import { STARTING_DATA_PATHS } from "@/contracts/constants";
import { contestsKey } from "@/client/lib/queries/contests";
import { currentUserKey } from "@/client/lib/queries/current-user";
import { seasonKey } from "@/client/lib/queries/season";
import { usersKey } from "@/client/lib/queries/users";
import { readStartingData } from "./starting-data";

describe("readStartingData", () => {
  it("gives each answer the page carries under its query's key", () => {
    const user = { id: "u1", firstName: "Alice" };
    const text = JSON.stringify({
      "/api/auth/user": user,
      "/api/contests": [{ id: "c1", name: "</script>" }],
      "/api/season": { season: 2025, currentWeek: 12 },
      "/api/users": [user],
    });
    expect(readStartingData(text)).toEqual([
      [currentUserKey, user],
      [contestsKey, [{ id: "c1", name: "</script>" }]],
      [seasonKey, { season: 2025, currentWeek: 12 }],
      [usersKey, [user]],
    ]);
  });

  it("writes in nothing else, and nothing from what it cannot read", () => {
    expect(readStartingData(JSON.stringify({ "/api/teams": [], "/api/season": null }))).toEqual([
      [seasonKey, null],
    ]);
    for (const text of [null, undefined, "", "{", "[]", "null", '"text"'])
      expect(readStartingData(text)).toEqual([]);
  });

  it("knows the keys of the queries every signed-in screen starts from", () => {
    expect(STARTING_DATA_PATHS.map((path) => [path])).toEqual([
      currentUserKey,
      contestsKey,
      seasonKey,
      usersKey,
    ]);
  });
});
