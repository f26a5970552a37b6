import { describe, expect, it } from "vitest";
import { gameIdParams } from "@/contracts/games";
import { timeOrderedId } from "./line-moves.repository";

describe("timeOrderedId", () => {
  it("is a UUID (version 7) that sorts in the order made, within a millisecond and across them", () => {
    const ids = [
      timeOrderedId(1_763_640_000_000),
      timeOrderedId(1_763_640_000_000),
      timeOrderedId(1_763_640_000_000),
      timeOrderedId(1_763_640_000_001),
      // The real clock going back a little: still after the last one.
      timeOrderedId(1_763_639_999_000),
    ];
    for (const id of ids) {
      expect(gameIdParams.safeParse({ id }).success).toBe(true);
      expect(id[14]).toBe("7");
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("starts with the millisecond it was made in", () => {
    const now = Date.now();
    const id = timeOrderedId(now);
    const ms = Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(ms - now).toBeGreaterThanOrEqual(0);
    expect(ms - now).toBeLessThan(1_000);
  });
});
