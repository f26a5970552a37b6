import { beforeAll } from "vitest";
import { as as request } from "../../../../tests/as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app";

/**
 * What picks-turns-and-rules.test.ts and picks-submissions-and-results.test.ts start from: the app
 * on a fresh database, an admin, Alice, Bob and an outsider, and week 1's games. Each of them calls
 * `setUpPicksTest` where its suites are collected. A worker runs its files in one process and
 * imports this module once (vitest.config.ts: isolate is false), so the app is not made when the
 * module is imported: each file makes its own, and the bindings below are that file's as it runs.
 */

// Thursday of week 1, 2025, before the opener (DAL @ PHI, 00:20 UTC Friday) and the 23:00 UTC deadline.
export const START = "2025-09-04T12:00:00Z";
export let app: TestApp["app"];
export let db: TestApp["db"];
export let database: TestApp["database"];
export let clock: TestApp["clock"];
export const as = (who: SignedIn | null) => request(app, who);

export let admin: SignedIn;
export let alice: SignedIn;
export let bob: SignedIn;
export let outsider: SignedIn;
export let week1: { id: string; homeTeam: string; awayTeam: string; gameDate: string; spread: string }[];

export const newContest = (extra: object = {}) => acceptedContest(app, alice, bob, extra);

export const batch = (
  who: SignedIn,
  contestId: string,
  wishes: { gameId: string; market: string; side: string }[],
  week = 1,
) => as(who).post("/api/picks/batch", { contestId, week, round: 1, picks: wishes });

/** The file's app on a fresh database at `START`, and its people and games before its tests. */
export async function setUpPicksTest() {
  ({ app, db, database, clock } = await createTestApp({ now: START }));
  beforeAll(async () => {
    ({ admin, alice, bob } = await adminAliceAndBob(app));
    outsider = await signUp(app, { email: "olga@example.com" });
    week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  });
}
