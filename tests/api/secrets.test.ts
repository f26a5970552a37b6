import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../factories";
import { systemConfig } from "../../src/server/db/schema";
import { unsubscribeLinks } from "../../src/server/services/unsubscribe";
import { createTestApp } from "../setup/test-app";

/**
 * The keys the server keeps for itself (the unsubscribe links' HMAC key, the Web Push private key)
 * never leave it, in any answer: an admin sees that one is set, never its value.
 */
const { app } = await createTestApp();
let admin: SignedIn;
let secret: string;

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  // The first unsubscribe link makes the key.
  await unsubscribeLinks(app.ctx);
  const [row] = await app.ctx.db
    .select()
    .from(systemConfig)
    .where(eq(systemConfig.key, "unsubscribe_secret"));
  secret = row!.value;
});

describe("the server's own secrets", () => {
  it("are not in the admin's System Configuration: it says the key is set, not its value", async () => {
    const response = await app.inject({ url: "/api/system-config", headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(secret);
    const entries = response.json<{ key: string; value: string }[]>();
    expect(entries).toContainEqual({ key: "unsubscribe_secret", value: "set" });
    expect(entries.some((entry) => entry.key === "vapid_private_key" && entry.value !== "set")).toBe(false);
  });

  it("are in no answer to any GET an admin may make", async () => {
    const gets = app.routeCatalog.filter(
      (r) =>
        r.method === "GET" && r.url.startsWith("/api/") && !["/api/events", "/api/logout"].includes(r.url),
    );
    for (const route of gets) {
      const url = route.url.replace(/:[a-zA-Z]+/g, "1");
      const response = await app.inject({ url, headers: { cookie: admin.cookie } });
      expect(response.body, url).not.toContain(secret);
    }
  });
});
