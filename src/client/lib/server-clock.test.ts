import { afterEach, describe, expect, it, vi } from "vitest";
import { learnServerNow, serverDate, serverNow, serverOffset, subscribeServerClock } from "./server-clock";

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

  it("tells its subscribers when it learns a clock that moved, not at every answer", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T15:00:00Z"));
    learnServerNow("2026-11-25T15:00:00.000Z");
    const told = vi.fn();
    const stop = subscribeServerClock(told);
    learnServerNow("2026-11-25T15:00:00.200Z");
    expect(told).not.toHaveBeenCalled();
    learnServerNow("2026-03-10T17:00:00.000Z");
    expect(told).toHaveBeenCalledTimes(1);
    expect(serverOffset()).toBe(Date.parse("2026-03-10T17:00:00Z") - Date.parse("2026-11-25T15:00:00Z"));
    stop();
    learnServerNow("2025-09-04T12:00:00.000Z");
    expect(told).toHaveBeenCalledTimes(1);
  });
});
