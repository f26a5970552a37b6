import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it.each([
    [0, "game", undefined, "0 games"],
    [1, "game", undefined, "1 game"],
    [2, "game", undefined, "2 games"],
    [1, "loss", "losses", "1 loss"],
    [3, "loss", "losses", "3 losses"],
    [1, "completed week", undefined, "1 completed week"],
    [14, "week", undefined, "14 weeks"],
  ])("writes %i %s", (count, one, many, expected) => {
    expect(plural(count, one, many)).toBe(expected);
  });
});
