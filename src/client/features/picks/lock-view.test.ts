import { describe, expect, it } from "vitest";
import type { Selection } from "./picks-view";
import { lockLine, lockOf, lockToggleName, mayChooseLock, pickWishes, toggleLock } from "./lock-view";
import { contest, game, made } from "./picks-test-data";

const spread: Selection = { gameId: game().id, market: "spread", side: "favorite" };
const total: Selection = { gameId: game().id, market: "total", side: "over" };

describe("mayChooseLock", () => {
  it("is true where the week plays the lock and the player holds none yet", () => {
    expect(mayChooseLock(contest({ lockOfTheWeek: true }), [])).toBe(true);
    expect(mayChooseLock(contest({ lockOfTheWeek: true }), [made()])).toBe(true);
    expect(mayChooseLock(contest({ lockOfTheWeek: true }), [made(), made({ isLock: true })])).toBe(false);
    expect(mayChooseLock(contest({ lockOfTheWeek: false }), [])).toBe(false);
  });
});

describe("lockOf and toggleLock", () => {
  it("keeps the lock while its selection stands, and drops it once its side changes or goes", () => {
    expect(lockOf([spread, total], total)).toEqual(total);
    expect(lockOf([spread], total)).toBeNull();
    expect(lockOf([spread, { ...total, side: "under" }], total)).toBeNull();
    expect(lockOf([spread, total], null)).toBeNull();
  });

  it("moves the lock to the clicked selection, or takes it off the lock itself", () => {
    expect(toggleLock(null, spread)).toEqual(spread);
    expect(toggleLock(spread, total)).toEqual(total);
    expect(toggleLock(total, { ...total })).toBeNull();
  });
});

describe("pickWishes", () => {
  it("sends lock: true on the lock only", () => {
    expect(pickWishes([spread, total], total)).toEqual([
      { gameId: spread.gameId, market: "spread", side: "favorite" },
      { gameId: total.gameId, market: "total", side: "over", lock: true },
    ]);
    expect(pickWishes([spread], null)).toEqual([
      { gameId: spread.gameId, market: "spread", side: "favorite" },
    ]);
  });
});

describe("texts", () => {
  it("names the toggle and the confirmation's lock line by the pick and its game", () => {
    expect(lockToggleName(game(), spread)).toBe("Make PHI -8.5 my lock, DAL at PHI");
    expect(lockToggleName(game(), total)).toBe("Make Over 47.5 my lock, DAL at PHI");
    expect(lockLine(game(), { ...spread, side: "underdog" })).toBe("Lock of the week: DAL +8.5 (DAL @ PHI)");
  });
});
