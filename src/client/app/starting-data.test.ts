import { describe, expect, it } from "vitest";
import { STARTING_DATA_PATHS } from "@/contracts/constants";
import { carryingScreen, SCREEN_PATHS } from "@/contracts/screens";
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
    expect(carried.screenAnswers).toEqual([["/api/contests/c1/turn/3", { round: 1 }]]);
  });

  it("reads nothing from what it cannot read", () => {
    for (const text of [null, undefined, "", "{", "[]", "null", '"text"'])
      expect(readStartingData(text)).toEqual({ queries: [], answers: [], screenAnswers: [] });
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

describe("the screens whose page carries their first answers (decision 054)", () => {
  it("are screens of the app, at the paths the server reads them at", async () => {
    const { lazyScreens } = await import("./screens");
    const paths = ["/", ...lazyScreens.map((screen) => screen.path)];
    for (const path of Object.values(SCREEN_PATHS)) expect(paths).toContain(path);
    expect(carryingScreen("/PICKS/")).toBe("picks");
    expect(carryingScreen("/standings")).toBe("standings");
    expect(carryingScreen("/")).toBe("dashboard");
    expect(carryingScreen("/picks/more")).toBeUndefined();
  });
});
