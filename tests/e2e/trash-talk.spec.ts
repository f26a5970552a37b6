import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * A contest's trash talk (docs/rules.md, "Trash talk"): Alice and Bob each have the contest's page
 * open; what one writes appears on the other's page at once, with no reload; a message deleted by
 * its author leaves both. An app of its own, in week 12 of 2025.
 */

test.describe.configure({ timeout: 180_000 });

// Photographs of the views (desktop and 390 px, light and dark), when asked for.
const shots = process.env.TALK_SCREENSHOTS ? ".tmp/talk" : undefined;

const thread = (page: Page) => page.getByRole("region", { name: "Trash Talk" });

test.describe("the trash talk", () => {
  const app = ownApp("trash-talk");

  test("a message written on one player's page appears on the other's open page", async ({ browser }) => {
    app.clear();
    await app.start("2025-11-20T12:00:00Z");
    const { alice, bob, admin } = await app.adaAliceAndBob(browser);
    await admin.close();
    const created = await ok(
      await alice.request.post("/api/contests", {
        data: {
          name: "Loud Mouths",
          player2Email: (await (await bob.request.get("/api/auth/user")).json()).email,
          defaultBetAmount: 10,
          maxPicksPerPlayer: 2,
          contestCreationPassword: CREATION_PASSWORD,
        },
      }),
    );
    const id = ((await created.json()) as { id: string }).id;
    await ok(await bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
    try {
      await Promise.all([alice.page.goto(`/contests/${id}`), bob.page.goto(`/contests/${id}`)]);
      await expect(thread(bob.page)).toContainText("No messages yet. Get it started.");
      let reloaded = false;
      bob.page.on("load", () => (reloaded = true));

      await thread(alice.page).getByRole("textbox", { name: "Your message" }).fill("Dallas covers. Book it.");
      await thread(alice.page).getByRole("button", { name: "Send" }).click();
      await expect(thread(alice.page).getByRole("listitem")).toContainText(["Dallas covers. Book it."]);
      await expect(thread(alice.page).getByRole("listitem").first()).toContainText(/^You ·/);
      // On Bob's open page within a second, by the live event alone.
      await expect(thread(bob.page).getByRole("listitem")).toContainText(["Alice Anders"], {
        timeout: 1_000,
      });
      await expect(thread(bob.page)).toContainText("Dallas covers. Book it.");
      expect(reloaded).toBe(false);

      await thread(bob.page)
        .getByRole("textbox", { name: "Your message" })
        .fill("Not a chance.\nNot this year.");
      await thread(bob.page).getByRole("button", { name: "Send" }).click();
      await expect(thread(alice.page)).toContainText("Not a chance.");
      // Bob may delete his own, not Alice's.
      await expect(thread(bob.page).getByRole("button", { name: "Delete your message" })).toHaveCount(1);
      await expect(thread(bob.page).getByRole("button", { name: /Delete Alice/ })).toHaveCount(0);
      await checkView(bob.page, "contest-thread", shots, async () => {
        await bob.page.goto(`/contests/${id}`);
        await expect(thread(bob.page)).toContainText("Not a chance.");
      });
      await thread(alice.page).getByRole("button", { name: "Delete your message" }).click();
      await expect(thread(bob.page)).not.toContainText("Dallas covers. Book it.");
      await expect(thread(alice.page)).not.toContainText("Dallas covers. Book it.");
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});
