import { describe, expect, it } from "vitest";
import {
  picksByGame,
  sideButtonName,
  sideState,
  validSelections,
  validateSelection,
  type SideStateInput,
} from "./picks-view";
import { game, made } from "./picks-test-data";

describe("sideButtonName", () => {
  it.each([
    ["an open side", "Over 43.5", { marker: null, reason: null }, "Over 43.5, DAL at PHI"],
    ["a spread side", "PHI -8.5", { marker: null, reason: null }, "PHI -8.5, DAL at PHI"],
    [
      "the opponent's side",
      "PHI -8.5",
      { marker: "Opp", reason: "Bob Brown already took this side" },
      "PHI -8.5 Opp, DAL at PHI: Bob Brown already took this side",
    ],
    [
      "a side that is off for now",
      "DAL +8.5",
      { marker: null, reason: "Wait for Bob Brown to make their picks first" },
      "DAL +8.5, DAL at PHI: Wait for Bob Brown to make their picks first",
    ],
  ] as const)("%s", (_name, label, state, name) => {
    expect(sideButtonName(game(), label, state)).toBe(name);
  });
});

describe("sideState", () => {
  const base: SideStateInput = {
    market: "spread",
    side: "favorite",
    opponentSide: undefined,
    mySide: undefined,
    selectedSide: undefined,
    canPick: true,
    blockedReason: null,
    full: false,
    remaining: 2,
    opponentName: "Bob Brown",
  };
  const open = { selected: false, disabled: false, marker: null, reason: null };
  it.each<[string, Partial<SideStateInput>, ReturnType<typeof sideState>]>([
    ["open", {}, open],
    [
      "selected",
      { selectedSide: "favorite" },
      { selected: true, disabled: false, marker: null, reason: null },
    ],
    ["the other side selected: switching is allowed", { selectedSide: "underdog" }, open],
    ["the other side selected with the selection full", { selectedSide: "underdog", full: true }, open],
    [
      "taken by the opponent",
      { opponentSide: "favorite" },
      { selected: false, disabled: true, marker: "Opp", reason: "Bob Brown already took this side" },
    ],
    ["the opponent's other side stays open", { opponentSide: "underdog" }, open],
    [
      "picked by the player earlier",
      { mySide: "favorite" },
      { selected: false, disabled: true, marker: "You", reason: "You already picked this side" },
    ],
    [
      "the market picked by the player earlier",
      { mySide: "underdog" },
      { selected: false, disabled: true, marker: null, reason: "You already picked the spread of this game" },
    ],
    [
      "the over/under picked earlier",
      { market: "total", side: "over", mySide: "under" },
      {
        selected: false,
        disabled: true,
        marker: null,
        reason: "You already picked the over/under of this game",
      },
    ],
    [
      "waiting for the first picker",
      { canPick: false, blockedReason: "Wait for Bob Brown to make their picks first" },
      {
        selected: false,
        disabled: true,
        marker: null,
        reason: "Wait for Bob Brown to make their picks first",
      },
    ],
    [
      "the opponent's side while waiting still says Opp",
      { canPick: false, blockedReason: "Wait", opponentSide: "favorite" },
      { selected: false, disabled: true, marker: "Opp", reason: "Bob Brown already took this side" },
    ],
    [
      "the selection is full",
      { full: true },
      {
        selected: false,
        disabled: true,
        marker: null,
        reason: "You have selected all 2 picks: deselect one to choose another",
      },
    ],
  ])("%s", (_name, over, expected) => {
    expect(sideState({ ...base, ...over })).toEqual(expected);
  });
});

describe("validSelections", () => {
  const now = new Date("2025-09-04T12:00:00Z");
  const open = game();
  const started = game({ id: "00000000-0000-4000-8000-000000000002", gameDate: "2025-09-04T11:00:00.000Z" });
  const games = new Map([open, started].map((g) => [g.id, g]));
  it.each([
    ["keeps an open selection", [], [], [{ gameId: open.id, market: "spread", side: "favorite" }], 1],
    ["drops a started game", [], [], [{ gameId: started.id, market: "spread", side: "favorite" }], 0],
    ["drops an unknown game", [], [], [{ gameId: "x", market: "spread", side: "favorite" }], 0],
    [
      "drops a side the opponent took meanwhile",
      [made()],
      [],
      [{ gameId: open.id, market: "spread", side: "favorite" }],
      0,
    ],
    ["keeps the opposite side", [made()], [], [{ gameId: open.id, market: "spread", side: "underdog" }], 1],
    [
      "drops a market the player holds",
      [],
      [made({ side: "underdog" })],
      [{ gameId: open.id, market: "spread", side: "favorite" }],
      0,
    ],
    ["keeps the other market", [], [made()], [{ gameId: open.id, market: "total", side: "over" }], 1],
  ] as const)("%s", (_name, theirs, mine, selections, kept) => {
    expect(validSelections(selections, games, picksByGame(theirs), picksByGame(mine), now)).toHaveLength(
      kept,
    );
  });
});

describe("validateSelection", () => {
  it.each([
    [0, 2, { title: "No picks selected", description: "Please select 2 picks to submit." }],
    [1, 2, { title: "Not enough picks", description: "You chose 1 pick but are supposed to choose 2." }],
    [3, 2, { title: "Too many picks", description: "You chose 3 picks but are supposed to choose 2." }],
    [2, 2, null],
    [1, 1, null],
  ])("%i of %i", (selected, required, expected) => {
    expect(validateSelection(selected, required)).toEqual(expected);
  });
});
