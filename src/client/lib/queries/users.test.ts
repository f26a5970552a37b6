import { describe, expect, it } from "vitest";
import { initials } from "./users";

describe("initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ['Cal "The Lock" Carter', "CC"],
    ["Ada", "A"],
    ["bea.baker@example.com", "BB"],
    ["bea@example.com", "B"],
    ["Zoë Ångström", "ZÅ"],
    ["Mary-Jo O'Neil", "MO"],
    ['"?"', "?"],
    ["", "?"],
  ])("%s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
