import { describe, expect, it } from "vitest";
import { isFinalBeforeKickoff } from "./final-before-kickoff";

const now = Date.parse("2025-09-07T16:00:00Z");
const later = "2025-09-07T17:00:00.000Z";
const earlier = "2025-09-07T15:00:00.000Z";

describe("isFinalBeforeKickoff", () => {
  it("asks when an upcoming game is saved as final before its kickoff", () => {
    expect(isFinalBeforeKickoff({ status: "upcoming" }, { status: "final", gameDate: later }, now)).toBe(
      true,
    );
  });
  it("does not ask once the game has kicked off, for other statuses, or for a final's correction", () => {
    expect(isFinalBeforeKickoff({ status: "live" }, { status: "final", gameDate: earlier }, now)).toBe(false);
    expect(isFinalBeforeKickoff({ status: "upcoming" }, { status: "live", gameDate: later }, now)).toBe(
      false,
    );
    expect(isFinalBeforeKickoff({ status: "final" }, { status: "final", gameDate: later }, now)).toBe(false);
  });
});
