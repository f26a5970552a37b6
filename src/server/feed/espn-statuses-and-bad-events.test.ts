import { describe, expect, it } from "vitest";
import { recorded, vary, type EspnEvent } from "../../../tests/feed-stand-in";
import { readScoreboard } from "./espn";
import { gameOf, opener } from "./espn-test-setup";

describe("statuses", () => {
  it.each<[string, (event: EspnEvent) => EspnEvent, object]>([
    [
      "in progress: score, quarter and clock",
      (event) => vary.live(event, 7, 3),
      { status: "live", awayScore: 7, homeScore: 3, period: 2, clock: "6:52", phase: null },
    ],
    [
      "halftime",
      (event) => vary.live(event, 14, 10, 2, "0:00", "STATUS_HALFTIME"),
      { status: "live", period: 2, phase: "halftime" },
    ],
    [
      "end of a quarter",
      (event) => vary.live(event, 14, 10, 3, "0:00", "STATUS_END_PERIOD"),
      { status: "live", period: 3, phase: "end_period" },
    ],
    [
      "final",
      (event) => vary.final(event, 27, 20),
      { status: "final", awayScore: 27, homeScore: 20, period: 4, clock: null, phase: null },
    ],
    ["final after overtime", (event) => vary.final(event, 27, 24, true), { status: "final", period: 5 }],
    [
      "postponed (state post, not a final)",
      (event) => vary.status(event, "STATUS_POSTPONED"),
      { status: "postponed", homeScore: null, awayScore: null },
    ],
    ["canceled", (event) => vary.status(event, "STATUS_CANCELED"), { status: "canceled", homeScore: null }],
    ["delayed: not a kickoff", (event) => vary.status(event, "STATUS_DELAYED"), { status: "upcoming" }],
  ])("%s", (_label, change, expected) => {
    expect(gameOf(change(opener()))).toMatchObject(expected);
  });

  it("a status only on the event (no competition status) is read", () => {
    const event = vary.final(opener(), 27, 20);
    delete event.competitions[0].status;
    expect(gameOf(event)).toMatchObject({ status: "final", homeScore: 20, awayScore: 27 });
  });
});

describe("bad events, built from real ones: each skipped and named, the rest read", () => {
  const inWeek = (bad: EspnEvent) => {
    const body = recorded("2025-week-12-before-kickoff.json");
    body.events.splice(1, 0, bad);
    return readScoreboard(body, 2025);
  };

  it.each<[string, (event: EspnEvent) => EspnEvent, RegExp]>([
    [
      "missing competitors",
      (event) => {
        event.competitions[0].competitors = [vary.competitor(event, "home")];
        return event;
      },
      /^does not have one home and one away team$/,
    ],
    [
      "two home teams",
      (event) => {
        vary.competitor(event, "away").homeAway = "home";
        return event;
      },
      /^does not have one home and one away team$/,
    ],
    [
      "no competitors at all",
      (event) => {
        delete event.competitions[0].competitors;
        return event;
      },
      /^is malformed \(competitions\.0\.competitors: /,
    ],
    [
      "no competition",
      (event) => {
        event.competitions = [];
        return event;
      },
      /^is malformed \(competitions: has no competition\)$/,
    ],
    [
      "a score that is not a number on a live game",
      (event) => {
        vary.live(event, 7, 3);
        vary.competitor(event, "home").score = "3a";
        return event;
      },
      /^has a score that is not a number \(7-3a\)$/,
    ],
    [
      "a missing score on a final",
      (event) => {
        vary.final(event, 27, 20);
        delete vary.competitor(event, "away").score;
        return event;
      },
      /^has a score that is not a number/,
    ],
    [
      "a preseason game",
      (event) => {
        event.season.type = 1;
        event.week.number = 1;
        return event;
      },
      /^is not a regular-season or postseason game \(season type 1\)$/,
    ],
    [
      "a game of another season",
      (event) => {
        event.season.year = 2026;
        return event;
      },
      /^belongs to season 2026$/,
    ],
    [
      "week 19",
      (event) => {
        event.week.number = 19;
        return event;
      },
      /^has week 19, outside weeks 1 to 18$/,
    ],
    [
      "an unreadable date",
      (event) => vary.moved(event, "Thursday night"),
      /^has an unreadable date \(Thursday night\)$/,
    ],
    ["a date without a time", (event) => vary.moved(event, "2025-11-21"), /^has an unreadable date/],
    [
      "a team playing itself",
      (event) => {
        vary.competitor(event, "away").team.abbreviation = "HOU";
        return event;
      },
      /^has HOU playing itself$/,
    ],
    [
      "no status",
      (event) => {
        delete event.status;
        delete event.competitions[0].status;
        return event;
      },
      /^has no status$/,
    ],
    [
      "a status we do not know",
      (event) => {
        event.competitions[0].status.type = { name: "STATUS_SUSPENDED", state: "post", completed: false };
        return event;
      },
      /^has a status we do not know \(STATUS_SUSPENDED, post\)$/,
    ],
  ])("%s", (_label, spoil, reason) => {
    const bad = spoil(opener());
    bad.id = "999";
    const { games, skipped } = inWeek(bad);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.eventId).toBe("999");
    expect(skipped[0]!.reason).toMatch(reason);
    expect(games).toHaveLength(14);
  });

  it("an unknown team is read as is: the service, which knows the teams, skips it", () => {
    const event = opener();
    vary.competitor(event, "away").team.abbreviation = "XYZ";
    expect(gameOf(event)).toMatchObject({ awayTeam: "XYZ", homeTeam: "HOU" });
  });

  it("team codes are trimmed and upper-cased", () => {
    const event = opener();
    vary.competitor(event, "home").team.abbreviation = " wsh ";
    expect(gameOf(event).homeTeam).toBe("WAS");
  });

  it("a score that is not a number before kickoff does not matter", () => {
    const event = opener();
    vary.competitor(event, "home").score = "";
    expect(gameOf(event)).toMatchObject({ status: "upcoming", homeScore: null });
  });

  it("an event listed twice: the first is read, the second named", () => {
    const body = recorded("2025-week-12-before-kickoff.json");
    body.events.push(structuredClone(body.events[3]));
    const { games, skipped } = readScoreboard(body, 2025);
    expect(games).toHaveLength(14);
    expect(skipped).toEqual([{ eventId: body.events[3].id, reason: "is listed twice" }]);
  });

  it("an event without an id is named by its place", () => {
    const body = recorded("2025-week-12-before-kickoff.json");
    delete body.events[2].id;
    const { games, skipped } = readScoreboard(body, 2025);
    expect(games).toHaveLength(13);
    expect(skipped).toEqual([{ eventId: "#3", reason: expect.stringMatching(/^is malformed \(id: /) }]);
  });

  it("an event that is not an object is named too", () => {
    const { games, skipped } = readScoreboard({ events: [null, 7, opener()] }, 2025);
    expect(games).toHaveLength(1);
    expect(skipped.map((skip) => skip.eventId)).toEqual(["#1", "#2"]);
  });
});
