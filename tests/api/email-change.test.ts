import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceSession } from "@/contracts/account";
import { as } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";
import { SmtpSink } from "../smtp-sink";

/**
 * An e-mail change and a password change as their mail arrives: through a real SMTP server, the
 * link only at the new address, a notice at the old one, the link good once and for its account.
 */
const sink = await SmtpSink.start();
afterAll(() => sink.close());
const { app } = await createTestApp({
  env: { SMTP_URL: sink.url, PUBLIC_URL: "https://pool.example.com" },
  // Only the test's flushes deliver.
  mailer: { intervalMs: 0, kicks: false },
});

const PASSWORD = "correct horse battery";
let cal: SignedIn;
let dee: SignedIn;

beforeAll(async () => {
  await signUp(app, { email: "admin@example.com" });
  cal = await signUp(app, { email: "cal@example.com", firstName: "Cal", lastName: "Changer" });
  dee = await signUp(app, { email: "dee@example.com", firstName: "Dee" });
});

const login = (email: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
const confirm = (who: SignedIn | null, token: string) =>
  as(app, who).post("/api/auth/email-change/confirm", { token });

describe("an e-mail change", () => {
  let token: string;

  it("mails the link to the new address only, and a notice to the old one", async () => {
    const asked = await as(app, cal).post("/api/account/email", {
      newEmail: "cal.new@example.com",
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await app.mailer.flush()).toMatchObject({ sent: 2, retrying: 0, failed: 0 });

    const [link, ...more] = sink.to("cal.new@example.com");
    expect(more).toHaveLength(0);
    expect(link!.subject).toBe("Confirm your new Football Pool e-mail address");
    expect(link!.text).toContain("Hi Cal,");
    const found = /https:\/\/pool\.example\.com\/confirm-email#token=([\w-]{43})\n/.exec(link!.text);
    expect(found, link!.text).not.toBeNull();
    token = found![1]!;

    const [notice, ...others] = sink.to("cal@example.com");
    expect(others).toHaveLength(0);
    expect(notice!.subject).toBe("Your Football Pool e-mail address is about to change");
    expect(notice!.text).toContain("to cal.new@example.com");
    expect(notice!.text).toContain("change your password in Settings");
    expect(notice!.text).not.toContain(token);
    // Nobody else heard of it.
    expect(sink.messages.flatMap((mail) => mail.to).sort()).toEqual([
      "cal.new@example.com",
      "cal@example.com",
    ]);
    // Nothing changed yet.
    expect((await login("cal@example.com", PASSWORD)).statusCode).toBe(200);
  });

  it("works once, for its own account, from a browser signed in as someone else", async () => {
    const opened = await confirm(dee, token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ email: "cal.new@example.com" });
    expect((await as(app, cal).get("/api/auth/user")).json().email).toBe("cal.new@example.com");
    expect((await as(app, dee).get("/api/auth/user")).json().email).toBe("dee@example.com");

    const again = await confirm(null, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
    expect((await login("cal.new@example.com", PASSWORD)).statusCode).toBe(200);
    expect((await login("cal@example.com", PASSWORD)).statusCode).toBe(401);
    cal = { ...cal, email: "cal.new@example.com" };
  });
});

describe("a password change", () => {
  it("ends every other session of the account, and tells its address", async () => {
    const other = await login(cal.email, PASSWORD);
    const otherCookie = `fp_session=${other.cookies.find((c) => c.name === "fp_session")!.value}`;
    const otherDevice = { ...cal, cookie: otherCookie };
    expect((await as(app, cal).get("/api/account/sessions")).json<DeviceSession[]>().length).toBeGreaterThan(
      1,
    );
    const before = sink.messages.length;

    const changed = await as(app, cal).post("/api/account/password", {
      currentPassword: PASSWORD,
      newPassword: "a quite different phrase",
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await as(app, otherDevice).get("/api/auth/user")).statusCode).toBe(401);
    expect((await as(app, cal).get("/api/auth/user")).statusCode).toBe(200);
    expect((await as(app, cal).get("/api/account/sessions")).json<DeviceSession[]>()).toEqual([
      expect.objectContaining({ current: true }),
    ]);
    expect((await as(app, dee).get("/api/auth/user")).statusCode).toBe(200);

    expect(await app.mailer.flush()).toMatchObject({ sent: 1 });
    const mail = sink.messages.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual(["cal.new@example.com"]);
    expect(mail[0]!.subject).toBe("Your Football Pool password was changed");
    expect(mail[0]!.text).not.toContain("a quite different phrase");
    expect((await login(cal.email, "a quite different phrase")).statusCode).toBe(200);
  });
});
