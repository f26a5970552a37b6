import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, newPlayer, test } from "./fixtures";

/** How far the page scrolls sideways: more than nothing means something ran off the screen. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a phone, no screen runs off the side with long names, e-mails and contest texts", async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(180_000);
  const opened = await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  expect(opened.ok()).toBeTruthy();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const player1 = await newPlayer(browser, "Maximiliana-Alexandrina", "Featherstonehaugh-Montgomery", {
    email: `maximiliana.alexandrina.featherstonehaugh.${stamp}@aratherlongdomainexample.com`,
  });
  const player2 = await newPlayer(browser, "Bartholomew-Christopher", "Vanderbilt-Wolfeschlegelstein", {
    email: `bartholomew.christopher.vanderbilt.${stamp}@anotherlongdomainexample.org`,
  });
  const name = `The Extraordinarily Long Named Championship of Friends ${stamp} and Their Weekly Picks`;
  const create = (data: object) =>
    player1.page.request.post("/api/contests", {
      data: {
        defaultBetAmount: 10,
        maxPicksPerPlayer: 2,
        contestCreationPassword: CREATION_PASSWORD,
        ...data,
      },
    });
  // A pasted link for a description; an invitation still waiting on a long address.
  const created = await create({
    name,
    description: `Rules: https://example.com/${"a-very-long-path-segment-".repeat(8)}end`,
    player2Email: player2.email,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await player2.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } })).ok()).toBe(
    true,
  );
  const invited = await create({
    name: `Waiting on a friend with a long address ${stamp}`,
    description: "",
    player2Email: `someone.with.a.really.long.mailbox.name.${stamp}@invitedexample.com`,
  });
  expect(invited.status()).toBe(201);

  // Each screen once it shows the long texts (each carries the stamp) and has nothing left to load.
  const screens: [Page, string[]][] = [
    [
      player1.page,
      [
        "/",
        "/contests",
        `/contests/${id}`,
        `/contests/${id}/rivalry`,
        `/picks?contestId=${id}`,
        `/standings?contestId=${id}`,
        "/settings",
      ],
    ],
    [adminPage, ["/admin/players", "/admin/contests", "/admin/betting"]],
  ];
  for (const [page, paths] of screens) {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByText(stamp).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect.soft(await sideways(page), path).toBeLessThanOrEqual(0);
    }
  }
  await player1.close();
  await player2.close();
});
