import { describe, expect, it } from "vitest";
import type { PickLists } from "../repositories/contest-picks.repository";
import { addPicksJson, compactLists, playerIndex, withWeek, type HeadEntry } from "./pick-lists";

const games = new Map([
  ["g1", '{"id":"g1"}'],
  ["g2", '{"id":"g2"}'],
  ["g3", '{"id":"g3"}'],
]);

/** A pick's head as weekly results hold it: its JSON up to its game. */
const pick = (week: number, player: 0 | 1, id: string, gameId = "g1"): HeadEntry => ({
  week,
  player,
  head: `{"id":"${id}","game":`,
  gameId,
});

/** A week's list of a player as the API's JSON. */
const listOf = (lists: PickLists, week: number, player: 0 | 1 | undefined) => {
  const out: string[] = [];
  addPicksJson(out, lists, games, week, player);
  return JSON.parse(out.join("")) as { id: string; game: { id: string } }[];
};

/** Every week's lists (0 to `weeks`) of both players, by pick id. */
const everyList = (lists: PickLists, weeks: number) =>
  Array.from({ length: weeks + 1 }, (_, week) =>
    ([0, 1] as const).map((player) =>
      listOf(lists, week, player)
        .map((one) => one.id)
        .join(","),
    ),
  );

describe("a contest's pick lists", () => {
  it("group the picks by week and player, each list in the order read, each with its game", () => {
    const lists = compactLists([
      pick(2, 1, "b2", "g2"),
      pick(1, 0, "a1"),
      pick(2, 0, "a2", "g3"),
      pick(1, 0, "a1b", "g2"),
      pick(2, 1, "b2b"),
    ]);
    expect(listOf(lists, 1, 0)).toEqual([
      { id: "a1", game: { id: "g1" } },
      { id: "a1b", game: { id: "g2" } },
    ]);
    expect(listOf(lists, 2, 1).map((one) => one.id)).toEqual(["b2", "b2b"]);
    expect(listOf(lists, 2, 0)).toEqual([{ id: "a2", game: { id: "g3" } }]);
    // A week with none, past the last, or a player who has not joined: an empty list.
    expect(listOf(lists, 1, 1)).toEqual([]);
    expect(listOf(lists, 9, 0)).toEqual([]);
    expect(listOf(lists, 2, undefined)).toEqual([]);
    expect(listOf(compactLists([]), 1, 0)).toEqual([]);
  });

  it("take a week read again in place of the one they held, the others as they were", () => {
    const held = compactLists([
      pick(1, 0, "a1"),
      pick(1, 1, "b1"),
      pick(2, 0, "a2"),
      pick(2, 0, "a2b"),
      pick(2, 1, "b2"),
      pick(3, 1, "b3"),
    ]);
    const fresh = compactLists([pick(2, 1, "B2"), pick(2, 0, "A2"), pick(2, 1, "B2b", "g2")]);
    const remade = withWeek(held, 2, fresh);
    expect(everyList(remade, 4)).toEqual([
      ["", ""],
      ["a1", "b1"],
      ["A2", "B2,B2b"],
      ["", "b3"],
      ["", ""],
    ]);
    expect(listOf(remade, 2, 1)[1]).toEqual({ id: "B2b", game: { id: "g2" } });
    // As if read whole from the start.
    const whole = compactLists([
      pick(1, 0, "a1"),
      pick(1, 1, "b1"),
      pick(2, 1, "B2"),
      pick(2, 0, "A2"),
      pick(2, 1, "B2b", "g2"),
      pick(3, 1, "b3"),
    ]);
    expect(remade).toEqual(whole);
  });

  it("take a week with no picks left, and a week past the last they held", () => {
    const held = compactLists([pick(1, 0, "a1"), pick(2, 1, "b2"), pick(3, 0, "a3")]);
    expect(everyList(withWeek(held, 2, compactLists([])), 3)).toEqual([
      ["", ""],
      ["a1", ""],
      ["", ""],
      ["a3", ""],
    ]);
    const later = withWeek(held, 5, compactLists([pick(5, 1, "b5")]));
    expect(everyList(later, 6)).toEqual([
      ["", ""],
      ["a1", ""],
      ["", "b2"],
      ["a3", ""],
      ["", ""],
      ["", "b5"],
      ["", ""],
    ]);
  });

  it("know a contest's players, and no one else", () => {
    const contest = { player1Id: "u1", player2Id: null };
    expect(playerIndex(contest, "u1")).toBe(0);
    expect(playerIndex(contest, "u2")).toBeUndefined();
    expect(playerIndex({ ...contest, player2Id: "u2" }, "u2")).toBe(1);
    expect(playerIndex(contest, null)).toBeUndefined();
  });
});
