import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatKickoff } from "./games";
import { formatDate, formatDollars } from "./format";

// The formatters write what an "en-US" Intl formatter writes, without loading Intl's locale data.
const intlSpace = (text: string) => text.replace(/\u202f/g, " ");

// Every hour of two days, and the first of each month at its edges (the tests run with TZ=UTC).
const instants = [
  ...Array.from({ length: 48 }, (_, hour) => new Date(Date.UTC(2025, 8, 7, hour, (hour * 7) % 60))),
  ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 1, 0, 5))),
  new Date(Date.UTC(2025, 11, 31, 23, 59)),
];

describe("formatKickoff", () => {
  it("writes a kickoff as Intl does for en-US", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    for (const instant of instants) {
      expect(formatKickoff(instant.toISOString())).toBe(intlSpace(intl.format(instant)));
    }
    expect(formatKickoff("2025-09-07T17:00:00Z")).toBe("Sun, Sep 7, 5:00 PM UTC");
    expect(formatKickoff("2025-09-08T00:15:00Z")).toBe("Mon, Sep 8, 12:15 AM UTC");
  });

  describe("names the viewer's zone, summer and winter (America/Los_Angeles)", () => {
    const saved = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = "America/Los_Angeles";
    });
    afterAll(() => {
      process.env.TZ = saved;
    });

    it.each([
      // Thursday night football, 8:15 PM ET.
      ["2025-09-05T00:15:00Z", "Thu, Sep 4, 5:15 PM PDT"],
      ["2025-12-05T01:15:00Z", "Thu, Dec 4, 5:15 PM PST"],
    ])("%s is %s", (iso, text) => {
      expect(formatKickoff(iso)).toBe(text);
    });
  });
});

describe("formatDate", () => {
  it("writes a day as Intl does for en-US", () => {
    for (const instant of instants) {
      expect(formatDate(instant.toISOString())).toBe(
        instant.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }),
      );
    }
  });
});

describe("formatDollars", () => {
  it.each([0, 5, 25, 25.5, 999, 1000, 1250, 12_345.678, 1_000_000, -25, -1250, -0.5])(
    "%d as en-US writes it",
    (amount) => {
      const sign = amount < 0 ? "-" : "";
      expect(formatDollars(amount)).toBe(`${sign}$${Math.abs(amount).toLocaleString("en-US")}`);
    },
  );
});
