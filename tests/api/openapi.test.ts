import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { OPERATIONS } from "../../src/server/plugins/openapi-operations";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * The API describes itself (GET /api/openapi.json, OpenAPI 3.1, made from the routes' zod schemas)
 * and shows it (GET /api/docs). Every API route is in it with who may call it, and that statement is
 * checked against what the app answers.
 */
const { app } = await createTestApp();
// A route that exists only with OpenID Connect configured (GET /api/callback).
const { app: oidcApp } = await createTestApp({
  env: { OIDC_ISSUER: "http://127.0.0.1:1/", OIDC_CLIENT_ID: "football-pool", OIDC_CLIENT_SECRET: "secret" },
});

type Access = "public" | "signed-in" | "admin";
interface OperationObject {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  "x-access"?: Access;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
}

/** Left out of the document, by design: everything outside /api is the client's pages and files, or the metrics. */
const isLeftOut = (url: string) => !url.toLowerCase().startsWith("/api/");

/** `/api/contests/:id` as OpenAPI spells it: `/api/contests/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const catalogRoutes = (instance: typeof app) =>
  instance.routeCatalog
    .filter((route) => !isLeftOut(route.url))
    .map((route) => `${route.method} ${route.url}`);

let document: Document;
/** The first account made is an administrator. */
let admin: SignedIn;
const operation = (route: string): OperationObject => {
  const [method, url] = route.split(" ");
  return document.paths[openApiPath(url!)]![method!.toLowerCase()]!;
};

beforeAll(async () => {
  await app.ready();
  expect(app.openApi.builds).toBe(0);
  const response = await app.inject({ url: "/api/openapi.json" });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  document = response.json<Document>();
  admin = await signUp(app, { email: "first-admin@example.com" });
});

describe("GET /api/openapi.json", () => {
  it("is built once, on its first request, never at start", async () => {
    expect(app.openApi.builds).toBe(1);
    const again = await app.inject({ url: "/api/openapi.json" });
    expect(again.json()).toEqual(document);
    expect(app.openApi.builds).toBe(1);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.openapi).toBe("3.1.0");
  });

  it("is public: a signed-out visitor reads it", async () => {
    expect((await app.inject({ url: "/api/openapi.json" })).statusCode).toBe(200);
  });

  it("has every API route with its method, and no other operation", () => {
    const served = [...catalogRoutes(app), ...catalogRoutes(oidcApp)];
    expect(served).toContain("GET /api/callback");
    for (const instance of [app, oidcApp]) {
      const left = instance.routeCatalog.filter((route) => isLeftOut(route.url));
      // The client's documents (and its wildcard) are there, and none of them is under /api.
      expect(left.length).toBeGreaterThan(0);
    }
    const documented = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect({
      missing: catalogRoutes(app).filter((route) => !documented.includes(openApiPath(route))),
      extra: documented.filter((route) => !catalogRoutes(app).map(openApiPath).includes(route)),
    }).toEqual({ missing: [], extra: [] });
  });

  it("describes each route in the operations table, which names no route that does not exist", () => {
    const served = new Set([...catalogRoutes(app), ...catalogRoutes(oidcApp)]);
    expect({
      undescribed: [...served].filter((route) => !(route in OPERATIONS)),
      stale: Object.keys(OPERATIONS).filter((route) => !served.has(route)),
    }).toEqual({ undescribed: [], stale: [] });
    for (const route of catalogRoutes(app))
      expect(operation(route).summary, route).toBe(OPERATIONS[route]!.summary);
  });

  it("carries the request's params, query and body from the routes' zod schemas", () => {
    const patch = operation("PATCH /api/contests/:id/proposals/:proposalId");
    expect(JSON.stringify(patch)).toContain('"name":"proposalId"');
    expect(patch.requestBody?.content["application/json"]).toBeDefined();
    const outbox = operation("GET /api/admin/outbox") as OperationObject & { parameters: { in: string }[] };
    expect(outbox.parameters.some((parameter) => parameter.in === "query")).toBe(true);
  });

  it("gives non-JSON routes their content types", () => {
    expect(operation("POST /api/games/import-csv").requestBody?.content).toHaveProperty([
      "multipart/form-data",
    ]);
    const types = (route: string, status: string) =>
      Object.keys(operation(route).responses[status]?.content ?? {});
    expect(types("GET /api/events", "200")).toEqual(["text/event-stream"]);
    expect(types("GET /api/calendar/:token.ics", "200")).toEqual(["text/calendar"]);
    expect(types("GET /api/account/export.csv", "200")).toEqual(["text/csv"]);
    expect(types("GET /api/notifications/unsubscribe", "200")).toEqual(["text/html"]);
    expect(types("GET /api/docs", "200")).toEqual(["text/html"]);
    expect(types("DELETE /api/account", "204")).toEqual([]);
  });

  it("gives every operation its answers, and its errors in the one error shape", () => {
    for (const route of catalogRoutes(app)) {
      const { responses } = operation(route);
      const statuses = Object.keys(responses);
      expect(
        statuses.some((status) => /^[23]\d\d$/.test(status)),
        route,
      ).toBe(true);
      expect(statuses, route).toContain("default");
      for (const [status, response] of Object.entries(responses)) {
        if (
          !/^[45]\d\d$|^default$/.test(status) ||
          route.endsWith("/api/health") ||
          route.endsWith("/api/ready")
        )
          continue;
        expect(response.content?.["application/json"]?.schema?.$ref, `${route} ${status}`).toBe(
          "#/components/schemas/Error",
        );
      }
    }
  });
});

describe("who may call each route, as the document states it", () => {
  /** Rows of tests/api/access-matrix.test.ts: public (all 2xx), signedIn(...), inContest(...), adminOnly(...). */
  const MATRIX_SAMPLE: Record<string, Access> = {
    "GET /api/health": "public",
    "GET /api/logout": "public",
    "POST /api/logout": "public",
    "POST /api/auth/login": "public",
    "POST /api/auth/password-reset": "public",
    "POST /api/auth/email-change/confirm": "public",
    "GET /api/calendar/:token.ics": "public",
    "POST /api/notifications/unsubscribe": "public",
    "GET /api/auth/user": "signed-in",
    "GET /api/events": "signed-in",
    "GET /api/teams": "signed-in",
    "POST /api/contests": "signed-in",
    "GET /api/contests/:id": "signed-in",
    "PATCH /api/contests/:id/bet-changes/:changeId": "signed-in",
    "POST /api/picks/batch": "signed-in",
    "PUT /api/users/:id": "signed-in",
    "DELETE /api/account": "signed-in",
    "PUT /api/contests/:id": "admin",
    "DELETE /api/contests/:id": "admin",
    "GET /api/admin/outbox": "admin",
    "POST /api/games/import-csv": "admin",
    "PUT /api/system-config/:key": "admin",
    "POST /api/users/:id/reset-link": "admin",
    "POST /api/admin/first-picker-assignments": "admin",
  };

  it("agrees with the access matrix", () => {
    for (const [route, access] of Object.entries(MATRIX_SAMPLE)) {
      const stated = operation(route);
      expect(stated["x-access"], route).toBe(access);
      expect(stated.security, route).toEqual(access === "public" ? [] : [{ fp_session: [] }]);
      expect(stated.description, route).toMatch(/Who may call it/);
      const errors = Object.keys(stated.responses);
      expect(errors.includes("401"), route).toBe(access !== "public");
    }
  });

  /** A path of the route that its params' schemas take (ids are UUIDs, weeks and rounds numbers). */
  const sample = (url: string) =>
    url.replace(/:(\w+)/g, (_match, name: string) =>
      name === "week" || name === "round"
        ? "1"
        : name === "season"
          ? "2025"
          : name === "token"
            ? "nothing"
            : "00000000-0000-4000-8000-000000000000",
    );
  const ADMINS_ONLY = "Only administrators can do that.";
  const messageOf = (body: string) => {
    try {
      return (JSON.parse(body) as { message?: string }).message;
    } catch {
      return undefined;
    }
  };

  it("matches what a signed-out visitor gets from every route: 401 unless public", async () => {
    for (const route of catalogRoutes(app)) {
      const [method, url] = route.split(" ") as ["GET", string];
      const response = await app.inject({ method, url: sample(url) });
      const access = operation(route)["x-access"];
      if (access === "public") expect(response.statusCode, route).not.toBe(401);
      else expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
    }
  });

  it("matches what a player who is not an administrator gets: 403 from the admin routes only", async () => {
    const player: SignedIn = await signUp(app);
    for (const route of catalogRoutes(app)) {
      const access = operation(route)["x-access"];
      // The stream never ends under inject: its row in the access matrix reads it over HTTP.
      if (access === "public" || route === "GET /api/events") continue;
      const [method, url] = route.split(" ") as ["GET", string];
      const response = await app.inject({ method, url: sample(url), headers: { cookie: player.cookie } });
      if (access === "admin") {
        expect(response.statusCode, route).toBe(403);
        expect(messageOf(response.body), route).toBe(ADMINS_ONLY);
      } else expect(messageOf(response.body), route).not.toBe(ADMINS_ONLY);
    }
  });
});

describe("answers, as documented", () => {
  /** The answer's status is one the document lists, and its body parses with the schema it names. */
  async function expectDocumented(route: string, url: string, payload?: object) {
    const [method] = route.split(" ") as ["GET"];
    const response = await app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
    const statuses = Object.keys(operation(route).responses);
    expect(statuses, `${route}: ${response.statusCode} ${response.body}`).toContain(
      String(response.statusCode),
    );
    const body = OPERATIONS[route]!.answers[response.statusCode];
    if (body instanceof z.ZodType) {
      const parsed = body.safeParse(response.json());
      expect(parsed.error?.issues ?? [], route).toEqual([]);
    }
    return response;
  }

  it("for a sample of routes", async () => {
    expect(admin.isAdmin).toBe(true);
    for (const route of [
      "GET /api/health",
      "GET /api/ready",
      "GET /api/auth/user",
      "GET /api/season",
      "GET /api/teams",
      "GET /api/users",
      "GET /api/contests",
      "GET /api/games",
      "GET /api/account/sessions",
      "GET /api/account/sign-in",
      "GET /api/me/notifications",
      "GET /api/me/calendar",
      "GET /api/admin/outbox",
      "GET /api/admin/activity",
      "GET /api/admin/feed",
      "GET /api/admin/season-status",
      "GET /api/admin/bet-changes",
      "GET /api/system-config",
    ]) {
      await expectDocumented(route, route.split(" ")[1]!);
    }
    await expectDocumented("GET /api/games/week/:week/season/:season", "/api/games/week/1/season/2025");
    const games = (await app.inject({ url: "/api/games", headers: { cookie: admin.cookie } })).json<
      { id: string }[]
    >();
    await expectDocumented("POST /api/games/:id/follow-feed", `/api/games/${games[0]!.id}/follow-feed`);
    await expectDocumented(
      "POST /api/account/sessions/sign-out-others",
      "/api/account/sessions/sign-out-others",
    );
    const created = await expectDocumented("POST /api/contests", "/api/contests", {
      name: "Documented",
      description: "",
      player2Email: "invitee@example.com",
      defaultBetAmount: 10,
      maxPicksPerPlayer: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    await expectDocumented("GET /api/contests/:id", `/api/contests/${id}`);
    await expectDocumented("GET /api/contests", "/api/contests");
    await expectDocumented("GET /api/contests/:id/turn/:week", `/api/contests/${id}/turn/1`);
    await expectDocumented("GET /api/contests/:id/weekly-results", `/api/contests/${id}/weekly-results`);
    const game = await expectDocumented("POST /api/games", "/api/games", {
      week: 22,
      season: 2025,
      homeTeam: "KC",
      awayTeam: "PHI",
      gameDate: "2026-02-08T23:30:00.000Z",
    });
    expect(game.statusCode, game.body).toBe(201);
    const deleted = await expectDocumented(
      "DELETE /api/games/:id",
      `/api/games/${game.json<{ id: string }>().id}`,
    );
    expect(deleted.statusCode).toBe(204);
  });
});

describe("GET /api/docs", () => {
  it("is an HTML page that loads its script from this server, with no inline script", async () => {
    const page = await app.inject({ url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    // The app's document policy, unrelaxed: scripts from this server only (and the built client's
    // inline theme script, by its hash), never inline ones nor eval.
    const scriptSources = /script-src ([^;]*)/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(scriptSources?.split(" ")[0]).toBe("'self'");
    expect(scriptSources).not.toMatch(/unsafe|\*|https?:/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      const src = /src="([^"]+)"/.exec(attributes)?.[1];
      expect(src, "an inline script").toBeDefined();
      const script = await app.inject({ url: src! });
      expect(script.statusCode).toBe(200);
      expect(script.headers["content-type"]).toBe("application/javascript; charset=utf-8");
      expect(script.body).toContain('Scalar.createApiReference("#app"');
      expect(script.body).toContain('"url":"/api/openapi.json"');
      const packed = await app.inject({ url: src!, headers: { "accept-encoding": "gzip, br" } });
      expect(packed.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(packed.rawPayload).toString()).toBe(script.body);
    }
  });

  it("is served by the server only: the client's code never loads the reference", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : [full];
      });
    const client = files(path.resolve("src/client")).filter((file) => /\.(ts|tsx)$/.test(file));
    expect(client.length).toBeGreaterThan(0);
    expect(client.filter((file) => readFileSync(file, "utf8").includes("@scalar/"))).toEqual([]);
  });
});
