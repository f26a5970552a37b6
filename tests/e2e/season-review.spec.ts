import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ownApp } from "./own-app";
import { week18Played } from "./week-18-played";
import { checkView } from "./view-checks";

/*
 * The season in review (docs/rules.md, "Season in review"): Alice and Bob play week 18 of 2025, six
 * picks each, its lines and finals entered by the admin: Alice backs six home favorites and covers
 * four, Bob takes six overs and hits two. The contest over, Alice reads its season in review on its
 * page, shares it, and someone with no account opens the link; once she stops sharing, the link is
 * gone. An app of its own: set up before week 18's games (2026-01-02), started again once they have
 * all kicked off (2026-01-04, 20:00 UTC).
 */

test.describe.configure({ timeout: 300_000 });

// Photographs of the views (desktop and 390 px, light and dark) and the share image, when asked for.
const shots = process.env.REVIEW_SCREENSHOTS ? ".tmp/review" : undefined;

const NAME = "Fall Classic";

test.describe("the season in review", () => {
  const app = ownApp("season-review");

  test("a player reads the season in review, shares it, and stops sharing it", async ({ browser }) => {
    const { id, alice, bob } = await week18Played(app, browser, NAME);
    try {
      await readTheReview(alice.page, id);
      await bob.page.goto(`/contests/${id}`);
      await expect(bob.page.getByRole("button", { name: "Share" })).toBeVisible();
      const link = await share(alice.page, id);
      // Bob's open page hears of it.
      await expect(bob.page.getByLabel("Share link")).toHaveValue(link);
      await openSignedOut(browser, new URL(alice.page.url()).origin, new URL(link).pathname, async (page) => {
        await stopSharing(alice.page);
        const gone = await page.goto(new URL(link).pathname);
        expect(gone?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "This link is not shared" })).toBeVisible();
        const image = await page.request.get(`${new URL(link).pathname}/image.png`);
        expect(image.status()).toBe(404);
      });
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});

async function readTheReview(a: Page, id: string) {
  const open = async () => {
    await a.goto(`/contests/${id}`);
    await expect(a.getByRole("region", { name: "Final Result" })).toBeVisible();
    await expect(a.getByRole("region", { name: "Season in Review" })).toBeVisible();
  };
  await open();
  const review = a.getByRole("region", { name: "Season in Review" });
  await expect(review).toContainText("Alice Anders wins, 4 correct picks to 2.");
  await expect(review).toContainText("ChampionAlice Anders");
  const record = review.getByRole("table", { name: "The record" });
  await expect(record.getByRole("row", { name: /Weeks won–lost–pushed/ })).toHaveText(
    "Weeks won–lost–pushed1–0–00–1–0",
  );
  await expect(record.getByRole("row", { name: /Picks won–lost/ })).toHaveText("Picks won–lost4–22–4");
  await expect(record.getByRole("row", { name: /Money/ })).toHaveText("Money+$10-$10");
  // Bob took only overs: no spread picks to ride or fade.
  await expect(record.getByRole("row", { name: /Rode most/ })).toContainText("No spread picks");
  const moments = review.getByRole("definition");
  await expect(moments.nth(0)).toHaveText("Week 18: Alice Anders 4–2, $10");
  await expect(moments.nth(1)).toHaveText("Alice Anders, 1 week (Week 18)");
  // Walking the picks by kickoff, one of her covers put her ahead for good.
  await expect(moments.nth(2)).toHaveText(
    /^Week 18: [A-Z]{2,3} -3\.5 vs [A-Z]{2,3}\. Alice Anders led for good from then on\.$/,
  );
  await checkView(a, "contest-review", shots, open);
}

/** Alice shares it: the link appears with Copy link and Stop sharing. */
async function share(a: Page, id: string): Promise<string> {
  await a.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const review = a.getByRole("region", { name: "Season in Review" });
  await review.getByRole("button", { name: "Share" }).click();
  const field = review.getByLabel("Share link");
  await expect(field).toHaveValue(/\/share\/[\w-]{32}$/);
  const link = await field.inputValue();
  await review.getByRole("button", { name: "Copy link" }).click();
  await expect(a.getByText("Link copied", { exact: true })).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await checkView(a, "contest-review-shared", shots, async () => {
    await a.goto(`/contests/${id}`);
    await expect(a.getByRole("region", { name: "Season in Review" }).getByLabel("Share link")).toHaveValue(
      link,
    );
  });
  return link;
}

async function stopSharing(a: Page) {
  const review = a.getByRole("region", { name: "Season in Review" });
  await review.getByRole("button", { name: "Stop sharing" }).click();
  await expect(review.getByRole("button", { name: "Share" })).toBeVisible();
  await expect(review.getByLabel("Share link")).toHaveCount(0);
}

/** The link in a browser of its own, no account: the card, its previews' tags and its image. */
async function openSignedOut(
  browser: Browser,
  origin: string,
  link: string,
  then: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  try {
    const open = async () => {
      const response = await page.goto(link);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Alice Anders vs Bob Brown", level: 1 })).toBeVisible();
    };
    await open();
    await expect(page.getByText("Champion", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to Football Pool" })).toHaveAttribute(
      "href",
      "/signin",
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Alice Anders vs Bob Brown: the 2025 season in review",
    );
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/^https?:\/\/[^/]+\/share\/[\w-]{32}\/image\.png$/);
    const png = await page.request.get(new URL(image!).pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const body = await png.body();
    expect(body.subarray(1, 4).toString()).toBe("PNG");
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      writeFileSync(path.join(shots, "share-image.png"), body);
    }
    await checkView(page, "share-page", shots, open);
    await then(page);
  } finally {
    await context.close();
  }
}
