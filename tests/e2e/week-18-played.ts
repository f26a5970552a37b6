import type { Browser } from "@playwright/test";
import type { Game } from "../../src/contracts/games";
import { CREATION_PASSWORD, expect } from "./fixtures";
import { ok, type ownApp } from "./own-app";

/**
 * A contest of week 18 of 2025 played to its end on an app of a spec's own, six picks each, its lines
 * and finals entered by the admin: Alice backs six home favorites (-3.5) and covers four, Bob takes
 * six overs (44.5) and hits two; Alice takes the week, 4–2, and its $10. Set up before the week's
 * games (2026-01-02), the app started again once they have all kicked off (2026-01-04, 20:00 UTC),
 * and returned once the contest reads completed. Alice and Bob are signed in, each in a browser of
 * their own (close them after).
 */
export async function week18Played(app: ReturnType<typeof ownApp>, browser: Browser, name: string) {
  app.clear();
  await app.start("2026-01-02T12:00:00Z");
  const setUp = await app.adaAliceAndBob(browser);
  const created = await ok(
    await setUp.alice.request.post("/api/contests", {
      data: {
        name,
        player2Email: setUp.bobWho.email,
        defaultBetAmount: 10,
        maxPicksPerPlayer: 6,
        firstWeek: 18,
        lastWeek: 18,
        contestCreationPassword: CREATION_PASSWORD,
      },
    }),
  );
  const id = ((await created.json()) as { id: string }).id;
  await ok(await setUp.bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
  const games = (await (await setUp.admin.request.get("/api/games/week/18/season/2025")).json()) as Game[];
  for (const game of games.slice(0, 12)) {
    await ok(
      await setUp.admin.request.patch(`/api/games/${game.id}`, {
        data: { spread: -3.5, favoriteTeam: game.homeTeam, overUnder: 44.5 },
      }),
    );
  }
  const submit = (who: typeof setUp.alice, picks: object[]) =>
    who.request.post("/api/picks/batch", { data: { contestId: id, week: 18, round: 1, picks } });
  // Bob, player 2, picks first in an even week.
  await ok(
    await submit(
      setUp.bob,
      games.slice(6, 12).map((game) => ({ gameId: game.id, market: "total", side: "over" })),
    ),
  );
  await ok(
    await submit(
      setUp.alice,
      games.slice(0, 6).map((game) => ({ gameId: game.id, market: "spread", side: "favorite" })),
    ),
  );
  await Promise.all([setUp.admin, setUp.alice, setUp.bob].map((person) => person.close()));
  await app.stop();

  await app.start("2026-01-04T20:00:00Z");
  const admin = await app.person(browser, setUp.ada);
  // Alice's favorites: four win by 7 (covering 3.5), two by 1. Bob's overs (44.5): two of 51, four of 30.
  const scores: [home: number, away: number][] = [
    [24, 17],
    [24, 17],
    [24, 17],
    [24, 17],
    [21, 20],
    [21, 20],
    [31, 20],
    [31, 20],
    [17, 13],
    [17, 13],
    [17, 13],
    [17, 13],
  ];
  for (const [at, [homeScore, awayScore]] of scores.entries()) {
    await ok(
      await admin.request.patch(`/api/games/${games[at]!.id}`, {
        data: { status: "final", homeScore, awayScore },
      }),
    );
  }
  await admin.close();
  const alice = await app.person(browser, setUp.aliceWho);
  const bob = await app.person(browser, setUp.bobWho);
  // The contest completes as it is read.
  await expect
    .poll(
      async () =>
        ((await (await bob.request.get(`/api/contests/${id}`)).json()) as { status: string }).status,
    )
    .toBe("completed");
  return { id, alice, bob };
}
