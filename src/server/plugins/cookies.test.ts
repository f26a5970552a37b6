import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clearCookie, installCookies, setCookie } from "./cookies";

/** The Set-Cookie headers @fastify/cookie wrote for the same calls (decision 020 replaced it). */
describe("cookies", async () => {
  const app = Fastify();
  installCookies(app);
  app.get("/read", (request, reply) => {
    reply.send(request.cookies);
  });
  app.get("/session", (_request, reply) => {
    setCookie(reply, "fp_session", "tok", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });
    reply.send("ok");
  });
  app.get("/callback", (_request, reply) => {
    clearCookie(reply, "fp_oidc", { path: "/api/callback" });
    setCookie(reply, "fp_session", "a", { path: "/", httpOnly: true, secure: true, maxAge: 5 });
    setCookie(reply, "fp_session", "b", { path: "/", httpOnly: true, secure: true, maxAge: 5 });
    reply.send("ok");
  });
  await app.ready();

  it("reads the Cookie header when asked, decoded, and nothing without one", async () => {
    const read = await app.inject({ url: "/read", headers: { cookie: "fp_session=abc%20d; theme=dark" } });
    expect(read.json()).toEqual({ fp_session: "abc d", theme: "dark" });
    expect((await app.inject({ url: "/read" })).json()).toEqual({});
  });

  it("sets a cookie (SameSite=Lax unless told otherwise)", async () => {
    const response = await app.inject({ url: "/session" });
    expect(response.headers["set-cookie"]).toBe("fp_session=tok; Max-Age=60; Path=/; HttpOnly; SameSite=Lax");
  });

  it("clears a cookie on its path, and a later cookie of the same name and path replaces an earlier", async () => {
    const response = await app.inject({ url: "/callback" });
    expect(response.headers["set-cookie"]).toEqual([
      "fp_oidc=; Max-Age=0; Path=/api/callback; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax",
      "fp_session=b; Max-Age=5; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
  });
});
