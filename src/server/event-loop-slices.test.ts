import { describe, expect, it } from "vitest";
import { requestsFirst, TimeSlices } from "./event-loop-slices";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("TimeSlices", () => {
  it("lets work run on within its slice, then gives the event loop a turn that callers share", async () => {
    const loop = new TimeSlices(5);
    expect(loop.pause()).toBeUndefined();
    busy(6);
    let served = false;
    setImmediate(() => (served = true));
    const turn = loop.pause();
    expect(turn).toBeInstanceOf(Promise);
    // Every caller waiting meanwhile waits for the same turn.
    expect(loop.pause()).toBe(turn);
    await turn;
    // What was waiting for the event loop (a request) ran before the work went on.
    expect(served).toBe(true);
    // A new slice starts after the turn.
    expect(loop.pause()).toBeUndefined();
  });

  it("slices a burst so that a timer due meanwhile runs within a slice or two, not after the burst", async () => {
    const loop = new TimeSlices(5);
    let done = 0;
    let ranAfter = Number.NaN;
    setTimeout(() => (ranAfter = done), 0);
    // 20 steps of 2 ms: without slices the timer would run after all 20.
    for (; done < 20; done += 1) {
      busy(2);
      await loop.pause();
    }
    expect(ranAfter).toBeLessThanOrEqual(6);
  });

  it("with a pause, leaves the event loop idle that long between slices (work that may wait)", async () => {
    const loop = new TimeSlices(5, 10);
    busy(6);
    const started = performance.now();
    await loop.pause();
    // A timer's pause, not a turn: the thread is free for at least that long.
    expect(performance.now() - started).toBeGreaterThanOrEqual(9);
    expect(loop.pause()).toBeUndefined();
  });

  it("requestsFirst resolves after the I/O callbacks waiting now", async () => {
    const order: string[] = [];
    setImmediate(() => order.push("waiting"));
    await requestsFirst();
    order.push("after");
    expect(order).toEqual(["waiting", "after"]);
  });
});
