import { afterEach, describe, expect, it, vi } from "vitest";
import { learnServerNow, serverDate, serverNow } from "./server-clock";

afterEach(() => vi.useRealTimers());

describe("server clock", () => {
  it("follows the server's clock, moved on by the time gone by in the browser", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T15:00:00Z"));
    learnServerNow("2025-09-04T12:00:00.000Z");
    expect(serverDate().toISOString()).toBe("2025-09-04T12:00:00.000Z");
    vi.advanceTimersByTime(90_000);
    expect(new Date(serverNow()).toISOString()).toBe("2025-09-04T12:01:30.000Z");
  });

  it("ignores a time it cannot read", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T15:00:00Z"));
    learnServerNow("2025-09-04T12:00:00.000Z");
    learnServerNow("not a time");
    expect(serverDate().toISOString()).toBe("2025-09-04T12:00:00.000Z");
  });
});
