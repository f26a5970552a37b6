import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../../tests/setup/test-app";
import { signUp } from "../../../../tests/factories";
import { unsubscribeLinks } from "../../services/unsubscribe";

const { app } = await createTestApp();

const HOST = "pool.example.com";

describe("the unsubscribe page's button", () => {
  it("posts with the page's own Origin (its referrer policy is same-origin), which is let through", async () => {
    const player = await signUp(app);
    const link = new URL((await unsubscribeLinks(app.ctx))(player.id, "reminder"));
    const path = `${link.pathname}${link.search}`;
    const page = await app.inject({ url: path, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    // Under no-referrer a browser sends the form's POST with "Origin: null", refused as another site's.
    expect(page.headers["referrer-policy"]).toBe("same-origin");

    const press = (origin: string) =>
      app.inject({
        method: "POST",
        url: path,
        headers: { host: HOST, origin, "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
    expect((await press("https://evil.example")).statusCode).toBe(403);
    expect((await press("null")).statusCode).toBe(403);
    const done = await press(`http://${HOST}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
  });
});
