import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { LiveEvent } from "@/contracts/events";
import { applyLiveEvent } from "./apply-live-event";

const CONTEST = "6f1c1d2e-8f7a-4b7e-9a51-2b7b2f3c4d5e";
const GAME = "0b9f3c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d";
const final = {
  id: GAME,
  status: "final",
  homeScore: 20,
  awayScore: 27,
  period: 4,
  clock: "0:00",
  phase: null,
} as const;
const game = { id: GAME, homeTeam: "HOU", awayTeam: "BUF", status: "live", homeScore: 20, awayScore: 20 };

const KEYS = {
  contests: ["/api/contests"],
  weekly: ["/api/contests", CONTEST, "weekly-results"],
  picks: ["/api/contests", CONTEST, "picks", "u1", 12],
  otherWeek: ["/api/contests", CONTEST, "picks", "u1", 11],
  turn: ["/api/contests", CONTEST, "turn", 12],
};

/** A page's cache: each query held with data, observed (as on screen), its fetches counted. */
function page() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetches = new Map<string, number>();
  const unsubscribes: (() => void)[] = [];
  for (const [name, key] of Object.entries(KEYS)) {
    client.setQueryData(key, name === "weekly" ? [{ week: 12, player1Picks: [{ game }] }] : `old ${name}`);
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        fetches.set(name, (fetches.get(name) ?? 0) + 1);
        return `fetched ${name}`;
      },
    });
    unsubscribes.push(observer.subscribe(() => undefined));
  }
  return { client, fetches, close: () => unsubscribes.forEach((unsubscribe) => unsubscribe()) };
}
let open: ReturnType<typeof page> | undefined;
afterEach(() => open?.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("applyLiveEvent: a final's event carrying what its grades changed", () => {
  const weekly = [{ week: 12, player1Picks: [{ game }] }];
  const event: LiveEvent = {
    action: "games.synced",
    contestId: null,
    games: [final],
    contests: [CONTEST],
    data: [
      { key: KEYS.contests, value: ["new contests"] },
      { key: KEYS.weekly, value: weekly },
      { key: KEYS.picks, value: ["new picks"] },
    ],
  };

  it("writes the carried data instead of refetching it, and refetches only what it does not carry", async () => {
    open = page();
    const { client, fetches } = open;
    applyLiveEvent(client, event);
    await settle();
    expect(client.getQueryData(KEYS.contests)).toEqual(["new contests"]);
    expect(client.getQueryData(KEYS.picks)).toEqual(["new picks"]);
    // The games' states are written over what was carried too.
    expect(client.getQueryData(KEYS.weekly)).toEqual([
      { week: 12, player1Picks: [{ game: { ...game, ...final } }] },
    ]);
    // Not carried: another week's picks (refetched), the turn (no grade changes it).
    expect(client.getQueryData(KEYS.otherWeek)).toBe("fetched otherWeek");
    expect(client.getQueryData(KEYS.turn)).toBe("old turn");
    expect(Object.fromEntries(fetches)).toEqual({ otherWeek: 1 });
  });

  it("cancels a fetch of a carried query under way: what it brings later does not overwrite the event's", async () => {
    open = page();
    const { client } = open;
    let answer!: (value: string) => void;
    void client.fetchQuery({
      queryKey: KEYS.picks,
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    applyLiveEvent(client, event);
    answer("stale picks");
    await settle();
    expect(client.getQueryData(KEYS.picks)).toEqual(["new picks"]);
    expect(client.getQueryState(KEYS.picks)?.fetchStatus).toBe("idle");
  });

  it("without data (an admin's), refetches everything the grades change, as before", async () => {
    open = page();
    const { client, fetches } = open;
    applyLiveEvent(client, { ...event, contests: "all", data: undefined });
    await settle();
    expect(Object.fromEntries(fetches)).toEqual({ contests: 1, weekly: 1, picks: 1, otherWeek: 1 });
  });
});

describe("applyLiveEvent: a burst of events", () => {
  // What an admin's page gets when a night's finals settle thousands of contests' weeks.
  const settled = (n: number): LiveEvent => ({ action: "week.settled", contestId: CONTEST, week: n });

  it("refetches a query at most once more while its refetch is under way, after the last event", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const started: number[] = [];
    const answers: (() => void)[] = [];
    let events = 0;
    client.setQueryData(KEYS.contests, "old");
    const observer = new QueryObserver(client, {
      queryKey: KEYS.contests,
      queryFn: () => {
        const seen = events;
        started.push(seen);
        return new Promise<string>((resolve) => answers.push(() => resolve(`after ${seen} events`)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      for (events = 1; events <= 100; events += 1) applyLiveEvent(client, settled(events));
      events = 100;
      await settle();
      expect(started).toEqual([1]);
      answers.shift()!();
      await settle();
      // Once more, for the 99 events that came while it ran.
      expect(started).toEqual([1, 100]);
      answers.shift()!();
      await settle();
      expect(started).toHaveLength(2);
      expect(client.getQueryData(KEYS.contests)).toBe("after 100 events");
      // The next event, once all is quiet, refetches at once.
      applyLiveEvent(client, settled(101));
      await settle();
      expect(started).toHaveLength(3);
    } finally {
      unsubscribe();
    }
  });

  it("marks a query shown nowhere stale without fetching it", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(KEYS.contests, "old");
    applyLiveEvent(client, settled(1));
    await settle();
    expect(client.getQueryState(KEYS.contests)?.isInvalidated).toBe(true);
    expect(client.getQueryState(KEYS.contests)?.fetchStatus).toBe("idle");
  });
});

describe("applyLiveEvent: a grades event's weekly results patch (decision 030)", () => {
  const patch = (value: unknown): LiveEvent => ({
    action: "grades",
    contestId: null,
    contests: [CONTEST],
    data: [{ key: KEYS.weekly, value, fromWeek: 12 }],
  });

  it("replaces the weeks from its week on and keeps the earlier ones, without a refetch", async () => {
    open = page();
    const { client, fetches } = open;
    client.setQueryData(KEYS.weekly, [{ week: 11 }, { week: 12, old: true }]);
    applyLiveEvent(client, patch([{ week: 12, graded: true }]));
    await settle();
    expect(client.getQueryData(KEYS.weekly)).toEqual([{ week: 11 }, { week: 12, graded: true }]);
    expect(fetches.get("weekly")).toBeUndefined();
  });

  it("fetches the list whole when the page holds none to patch", async () => {
    open = page();
    const { client, fetches } = open;
    client.setQueryData(KEYS.weekly, "not a list");
    applyLiveEvent(client, patch([{ week: 12 }]));
    await settle();
    expect(fetches.get("weekly")).toBe(1);
    expect(client.getQueryData(KEYS.weekly)).toBe("fetched weekly");
  });
});
