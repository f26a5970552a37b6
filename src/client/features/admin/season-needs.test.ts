import { describe, expect, it } from "vitest";
import type { SeasonStatus } from "@/contracts/season";
import { seasonNeeds } from "./season-needs";

const status = (overrides: Partial<SeasonStatus>): SeasonStatus => ({
  season: 2025,
  currentWeek: 12,
  weeksToPlay: true,
  nextSeason: null,
  games: 272,
  noLine: [],
  noResult: [],
  ...overrides,
});

describe("seasonNeeds", () => {
  it("is empty when nothing is missing", () => {
    expect(seasonNeeds(status({}), true)).toEqual([]);
  });

  it("between seasons without the next schedule: sync it (feed on) or import it", () => {
    const [need] = seasonNeeds(
      status({ currentWeek: 18, weeksToPlay: false, nextSeason: { season: 2026, firstKickoff: null } }),
      true,
    );
    expect(need).toEqual({
      id: "over",
      text: "The 2025 season is over, and the 2026 schedule is not loaded yet: new contests wait for it.",
      actions: [
        { kind: "sync", label: "Sync the 2026 schedule", body: { season: 2026 } },
        { kind: "link", label: "Import the schedule", href: "/admin/games" },
      ],
    });
  });

  it("between seasons with the next schedule: when it starts, and making it current", () => {
    const [need] = seasonNeeds(
      status({ weeksToPlay: false, nextSeason: { season: 2026, firstKickoff: "2026-09-10T20:00:00Z" } }),
      false,
    );
    expect(need?.text).toBe(
      "The 2025 season is over. The 2026 season starts on Sep 10, 2026: new contests are created for it.",
    );
    expect(need?.actions).toEqual([{ kind: "configure", label: "Make 2026 the current season" }]);
  });

  it("no schedule, results and lines, each with what fixes it; no sync while the feed is off", () => {
    const needs = seasonNeeds(
      status({
        games: 0,
        noResult: [
          { week: 15, count: 1 },
          { week: 16, count: 16 },
        ],
        noLine: [{ week: 12, count: 3 }],
      }),
      false,
    );
    expect(needs.map((need) => need.id)).toEqual(["schedule", "results", "lines"]);
    expect(needs[1]).toEqual({
      id: "results",
      text: "17 games kicked off without a result (Weeks 15–16).",
      actions: [{ kind: "link", label: "Enter the scores", href: "/score-entry?week=15" }],
    });
    expect(needs[2]?.text).toBe("3 games to play without a spread or a total (Week 12).");
    expect(needs.flatMap((need) => need.actions).some((action) => action.kind === "sync")).toBe(false);
  });

  it("syncs one week's lines when one week lacks them", () => {
    const [need] = seasonNeeds(status({ noLine: [{ week: 12, count: 1 }] }), true);
    expect(need?.actions).toContainEqual({
      kind: "sync",
      label: "Sync the lines",
      body: { season: 2025, week: 12 },
    });
    expect(need?.text).toBe("1 game to play without a spread or a total (Week 12).");
  });
});
