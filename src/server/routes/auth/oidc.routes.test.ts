import Fastify from "fastify";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../tests/setup/test-app";

// A minimal OpenID Connect provider on loopback: discovery, token endpoint and keys.
const { publicKey, privateKey } = await generateKeyPair("RS256");
const provider = Fastify();
const issued = new Map<string, { email: string; given_name: string; family_name: string }>();
let issuer = "";
provider.get("/.well-known/openid-configuration", async () => ({
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/token`,
  jwks_uri: `${issuer}/jwks`,
  response_types_supported: ["code"],
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: ["RS256"],
  token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
}));
provider.get("/jwks", async () => ({
  keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" }],
}));
provider.post("/token", async (request, reply) => {
  const { code } = request.body as { code: string };
  const person = issued.get(code);
  if (!person) return reply.code(400).send({ error: "invalid_grant" });
  const idToken = await new SignJWT({ ...person })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(issuer)
    .setAudience("football-pool")
    .setSubject(`sub-${person.email}`)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(privateKey);
  return { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: idToken };
});
provider.addContentTypeParser(
  "application/x-www-form-urlencoded",
  { parseAs: "string" },
  (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
);
await provider.listen({ port: 0, host: "127.0.0.1" });
const address = provider.server.address();
issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
afterAll(() => provider.close());

const { app } = await createTestApp({
  env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "football-pool", OIDC_CLIENT_SECRET: "secret" },
});

describe("sign-in through OpenID Connect", () => {
  it("sends /signin, where the landing page links, on to the provider's sign-in", async () => {
    const page = await app.inject({ url: "/signin" });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/api/login");
  });

  it("redirects to the provider, then signs the person in by e-mail on the way back", async () => {
    const start = await app.inject({ url: "/api/login" });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const flow = start.cookies.find((c) => c.name === "fp_oidc")!;

    // The provider authenticates the person and sends the browser back with a code.
    issued.set("code-1", { email: "oidc.user@example.com", given_name: "Olga", family_name: "Idc" });
    const back = new URL(authorize.searchParams.get("redirect_uri")!);
    back.searchParams.set("code", "code-1");
    back.searchParams.set("state", authorize.searchParams.get("state")!);
    const callback = await app.inject({ url: back.pathname + back.search, cookies: { fp_oidc: flow.value } });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/");
    const session = callback.cookies.find((c) => c.name === "fp_session")!;

    const me = await app.inject({ url: "/api/auth/user", cookies: { fp_session: session.value } });
    expect(me.json()).toMatchObject({
      email: "oidc.user@example.com",
      firstName: "Olga",
      lastName: "Idc",
      isAdmin: true,
    });
  });

  it("refuses a callback whose state does not match the one it started", async () => {
    const start = await app.inject({ url: "/api/login" });
    const flow = start.cookies.find((c) => c.name === "fp_oidc")!;
    issued.set("code-2", { email: "someone@example.com", given_name: "S", family_name: "O" });
    const callback = await app.inject({
      url: "/api/callback?code=code-2&state=forged",
      cookies: { fp_oidc: flow.value },
    });
    expect(callback.statusCode).toBe(400);
    expect(callback.json().message).toMatch(/could not be completed/);
    expect(callback.cookies.find((c) => c.name === "fp_session")).toBeUndefined();
  });

  it("refuses a callback without a sign-in in progress", async () => {
    const callback = await app.inject({ url: "/api/callback?code=x&state=y" });
    expect(callback.statusCode).toBe(400);
  });
});
