import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as EventsService from "../../src/server/services/events.service";
import type { SignedIn } from "../factories";
import { feedWeek12 } from "../feed-week-12";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * A final's score goes out before anything is read of who its grades concern (issue 19: that read
 * took up to half a second of a score's second): the pages have it even while that read waits, or
 * when it fails; the grades follow once it is in.
 */
const contestsRead = vi.hoisted(() => ({ gate: Promise.resolve(), fail: false }));
vi.mock("../../src/server/services/events.service", async (importOriginal) => {
  const real = await importOriginal<typeof EventsService>();
  return {
    ...real,
    standingsMovedBy: async (...args: Parameters<typeof real.standingsMovedBy>) => {
      await contestsRead.gate;
      if (contestsRead.fail) throw new Error("the contests could not be read");
      return real.standingsMovedBy(...args);
    },
  };
});

const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
});

const week12 = recorded("2025-week-12-before-kickoff.json");
standIn.setWeek(2025, 12, week12);
const event = (id: string) => week12.events.find((candidate: EspnEvent) => candidate.id === id)!;
const BUF_HOU = "401772946";
const PIT_CHI = "401772780";

const week = feedWeek12(app);
const { sync, gameOf, newContest, pickBoth, open } = week;
let alice: SignedIn;

/** Alice and Bob pick BUF @ HOU; Carol and Dave PIT @ CHI. */
beforeAll(async () => {
  const people = await week.setUp();
  alice = people.alice;
  await pickBoth(await newContest(alice, people.bob), alice, people.bob, (await gameOf("BUF", "HOU")).id);
  await pickBoth(
    await newContest(people.carol, people.dave),
    people.carol,
    people.dave,
    (await gameOf("PIT", "CHI")).id,
  );
  clock.set("2025-11-23T22:00:00Z");
});
afterAll(() => week.closeStreams());

const finalOf =
  (away: number) => (candidate: { action: string; games?: { awayScore: number | null; status: string }[] }) =>
    candidate.action === "games.synced" &&
    candidate.games?.some((game) => game.status === "final" && game.awayScore === away) === true;

describe("a final's score", () => {
  it("reaches the pages while who its grades concern is still being read; the grades follow", async () => {
    const ofAlice = await open(alice);
    let release!: () => void;
    contestsRead.gate = new Promise<void>((resolve) => (release = resolve));
    vary.final(event(BUF_HOU), 27, 20);
    expect(await sync()).toMatchObject({ graded: 1 });
    await ofAlice.waitFor(finalOf(27));
    expect(ofAlice.events.some((candidate) => candidate.action === "grades")).toBe(false);
    release();
    const grades = await ofAlice.waitFor((candidate) => candidate.action === "grades");
    expect(grades.data?.length).toBeGreaterThan(0);
  });

  it("reaches the pages though that read fails (their standings come when they refetch)", async () => {
    const ofAlice = await open(alice);
    contestsRead.gate = Promise.resolve();
    contestsRead.fail = true;
    vary.final(event(PIT_CHI), 17, 24);
    expect(await sync()).toMatchObject({ graded: 1 });
    await ofAlice.waitFor(finalOf(17));
    contestsRead.fail = false;
  });
});
