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
    expect(readStartingData(text).queries).toEqual([
      [currentUserKey, user],
      [contestsKey, [{ id: "c1", name: "</script>" }]],
      [seasonKey, { season: 2025, currentWeek: 12 }],
      [usersKey, [user]],
    ]);
  });

  it("gives a screen's answers by their URLs (decision 054), and nothing that is not the API's", () => {
    const carried = readStartingData(
      JSON.stringify({ "/api/season": null, "/api/contests/c1/turn/3": { round: 1 }, "/games": [] }),
    );
    expect(carried.queries).toEqual([[seasonKey, null]]);
    expect(carried.answers).toEqual([
      ["/api/season", null],
      ["/api/contests/c1/turn/3", { round: 1 }],
    ]);
  });

  it("reads nothing from what it cannot read", () => {
    for (const text of [null, undefined, "", "{", "[]", "null", '"text"'])
      expect(readStartingData(text)).toEqual({ queries: [], answers: [] });
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
