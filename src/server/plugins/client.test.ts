import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadEnv } from "../env";
import { freshDatabase } from "../../../tests/setup/test-database";
import { acceptedContest, adminAliceAndBob } from "../../../tests/factories";
import { STARTING_DATA_PATHS } from "@/contracts/constants";

const root = mkdtempSync(path.join(tmpdir(), "fp-client-"));
mkdirSync(path.join(root, "assets"));
writeFileSync(path.join(root, "index.html"), "<!doctype html><script src=/assets/app-1.js></script>");
writeFileSync(path.join(root, "assets", "app-1.js"), "console.log(1)");
writeFileSync(path.join(root, "assets", "app-1.js.br"), brotliCompressSync("console.log(1)"));
writeFileSync(path.join(root, "sw.js"), "self.skipWaiting()");
writeFileSync(path.join(root, "sw.js.br"), brotliCompressSync("self.skipWaiting()"));
mkdirSync(path.join(root, ".vite"));
writeFileSync(path.join(root, ".vite", "manifest.json"), "{}");
const database = await freshDatabase();
// The tests rewrite the build's files between requests: looked at every time.
const app = await buildApp({
  database,
  env: loadEnv({ NODE_ENV: "test" }),
  clientRoot: root,
  clientRecheckMs: 0,
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

describe("serving the client", () => {
  it.each(["/", "/games", "/CONTESTS/", "/contests/abc", "/api/login"])(
    "answers %s with the app",
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<script");
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("gives documents (pages, the service worker) the app's policy, and every other answer one that allows nothing", async () => {
    const policy = async (url: string, encoding = "identity") => {
      const response = await app.inject({ url, headers: { "accept-encoding": encoding } });
      return [response.headers["content-security-policy"], response.headers["x-frame-options"]];
    };
    for (const [url, encoding] of [
      ["/"],
      ["/contests/abc"],
      ["/api/login"],
      ["/index.html"],
      ["/sw.js"],
      ["/sw.js", "br"],
    ]) {
      const [csp, frame] = await policy(url!, encoding);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "connect-src 'self'",
      ])
        expect(csp, url).toContain(directive);
      expect(frame, url).toBe("SAMEORIGIN");
    }
    for (const url of ["/assets/app-1.js", "/api/auth/user", "/api/nope"]) {
      expect(await policy(url), url).toEqual(["default-src 'none';frame-ancestors 'none'", "DENY"]);
    }
    const api = await app.inject({ url: "/api/health" });
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(api.headers["strict-transport-security"]).toBeDefined();
    expect(api.headers["x-xss-protection"]).toBeUndefined();
  });

  it("caches hashed assets for good, and serves files added after start (a rebuild)", async () => {
    const asset = await app.inject({ url: "/assets/app-1.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
    writeFileSync(path.join(root, "assets", "app-2.js"), "console.log(2)");
    expect((await app.inject({ url: "/assets/app-2.js" })).statusCode).toBe(200);
  });

  it("sends the build's precompressed copy to a browser that accepts it, the plain file to others", async () => {
    const compressed = await app.inject({
      url: "/assets/app-1.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["content-type"]).toContain("javascript");
    expect(compressed.headers.vary).toContain("accept-encoding");
    const plain = await app.inject({ url: "/assets/app-1.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
  });

  it("serves no file outside the build, whatever the path asks for", async () => {
    for (const url of [
      "/..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2f..%2fpackage.json",
    ]) {
      const response = await app.inject({ url });
      expect(response.body).not.toContain('"name"');
    }
  });

  it("does not serve the build manifest", async () => {
    const response = await app.inject({ url: "/.vite/manifest.json" });
    expect(response.body).not.toBe("{}");
  });

  it("keeps unknown API paths as API errors, not pages", async () => {
    const response = await app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });
});

describe("the page for a signed-in visitor", () => {
  const manifest = {
    "index.html": { file: "assets/app-1.js", imports: ["_shared.js"] },
    "app/signed-in-app.tsx": { file: "assets/shell-1.js", imports: ["_shared.js", "_ui.js"] },
    "features/picks/components/make-picks-page.tsx": { file: "assets/picks-1.js", imports: ["_ui.js"] },
    "_shared.js": { file: "assets/app-1.js" },
    "_ui.js": { file: "assets/ui-1.js" },
  };
  const preload = (file: string) =>
    `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`;
  beforeAll(() => {
    writeFileSync(
      path.join(root, "index.html"),
      '<!doctype html><head><script type="module" src="/assets/app-1.js"></script></head>',
    );
    writeFileSync(path.join(root, ".vite", "manifest.json"), JSON.stringify(manifest));
  });

  it("names the signed-in shell's code as module preloads when a session cookie comes with the request", async () => {
    const signedIn = await app.inject({ url: "/contests", cookies: { fp_session: "anything" } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["content-type"]).toContain("text/html");
    expect(signedIn.headers.vary).toContain("cookie");
    // Low priority: the landing page drawn first needs the stylesheet and the first bundle, not these.
    expect(signedIn.body).toContain(preload("assets/shell-1.js"));
    expect(signedIn.body).toContain(preload("assets/ui-1.js"));
    // What the page loads already is not named twice; a screen's code only on its own path.
    expect(signedIn.body.match(/app-1\.js/g)).toHaveLength(1);
    expect(signedIn.body).not.toContain("picks-1.js");

    const visitor = await app.inject({ url: "/contests" });
    expect(visitor.body).not.toContain("modulepreload");
    expect(visitor.body).not.toContain("/api/contests");
  });

  it("names the data every signed-in screen starts from as fetch preloads", async () => {
    const signedIn = await app.inject({ url: "/", cookies: { fp_session: "anything" } });
    for (const url of ["/api/contests", "/api/season", "/api/users"])
      expect(signedIn.body).toContain(
        `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`,
      );
  });

  it("names Make Picks' code too on its path, whatever the case, the slash or the query", async () => {
    for (const url of ["/picks", "/PICKS/", "/picks?contestId=abc&week=3"]) {
      const page = await app.inject({ url, cookies: { fp_session: "anything" } });
      expect(page.body).toContain(preload("assets/picks-1.js"));
      expect(page.body.match(/ui-1\.js/g)).toHaveLength(1);
    }
    const elsewhere = await app.inject({ url: "/picks/more", cookies: { fp_session: "anything" } });
    expect(elsewhere.body).not.toContain("picks-1.js");
  });

  it("sends the page compressed to a browser that accepts it, as it is to others", async () => {
    const cookies = { fp_session: "anything" };
    const plain = await app.inject({ url: "/picks", cookies, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain(preload("assets/picks-1.js"));

    const br = await app.inject({
      url: "/picks",
      cookies,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("cookie");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await app.inject({ url: "/picks", cookies, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe("a player's page, with the data every signed-in screen starts from (decision 050)", () => {
  let people: Awaited<ReturnType<typeof adminAliceAndBob>>;
  const name = "</script><script>alert(1)</script> & <!-- Week";
  beforeAll(async () => {
    writeFileSync(
      path.join(root, "index.html"),
      '<!doctype html><head><script type="module" src="/assets/app-1.js"></script>\n' +
        '    <link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />\n</head>',
    );
    people = await adminAliceAndBob(app);
    await acceptedContest(app, people.alice, people.bob, { name });
  });
  const carried = (body: string): Record<string, unknown> | undefined => {
    const text = /<script type="application\/json" id="starting-data">([^<]*)<\/script>/.exec(body)?.[1];
    return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
  };
  const identity = { "accept-encoding": "identity" };

  it("carries what the four GETs answer the player, and names none of them as a fetch preload", async () => {
    const { alice } = people;
    const page = await app.inject({ url: "/picks", headers: { ...identity, cookie: alice.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers.vary).toContain("cookie");
    const data = carried(page.body);
    // Then Make Picks' own first answers (decision 054: tests/api/screen-starting-data.test.ts).
    expect(Object.keys(data ?? {}).slice(0, STARTING_DATA_PATHS.length)).toEqual([...STARTING_DATA_PATHS]);
    // The season's answer says when it was made.
    const made = (value: unknown) => JSON.stringify(value).replace(/"now":"[^"]*"/, '"now":…');
    for (const url of STARTING_DATA_PATHS) {
      const answer = await app.inject({ url, headers: { cookie: alice.cookie } });
      expect(made(data![url])).toBe(made(answer.json()));
    }
    expect(data!["/api/contests"]).toEqual([expect.objectContaining({ name })]);
    expect(page.body).not.toContain('rel="preload"');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/picks-1.js"');
  });

  it("never lets a player's text end the element: the contest's name is in it escaped", async () => {
    const page = await app.inject({ url: "/", headers: { ...identity, cookie: people.bob.cookie } });
    expect(page.body.match(/<\/script>/g)).toHaveLength(2); // the app's module and the data's own
    expect(page.body).not.toContain("<!--");
    expect(carried(page.body)!["/api/contests"]).toEqual([expect.objectContaining({ name })]);
  });

  it("is made for each request, gzipped when the browser takes gzip (never brotli), else sent as it is", async () => {
    const cookie = people.alice.cookie;
    const zipped = await app.inject({
      url: "/",
      headers: { cookie, "accept-encoding": "gzip, deflate, br" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("cookie, accept-encoding");
    const html = gunzipSync(zipped.rawPayload).toString();
    expect(carried(html)!["/api/auth/user"]).toMatchObject({ email: "alice@example.com" });
    for (const accepted of ["br", "identity", undefined]) {
      const page = await app.inject({
        url: "/",
        headers: { cookie, ...(accepted ? { "accept-encoding": accepted } : {}) },
      });
      expect(page.headers["content-encoding"]).toBeUndefined();
      expect(carried(page.body)!["/api/auth/user"]).toEqual(carried(html)!["/api/auth/user"]);
    }
  });

  it("is not an admin's (every contest): theirs, and a page with a session that is over, name the data as fetch preloads", async () => {
    for (const cookie of [people.admin.cookie, "fp_session=over"]) {
      const page = await app.inject({ url: "/", headers: { ...identity, cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(carried(page.body)).toBeUndefined();
      expect(page.body).toContain('<link rel="preload" href="/api/auth/user"');
      expect(page.body).toContain('<link rel="preload" href="/api/contests" as="fetch"');
    }
  });
});

describe("the landing page written into index.html", () => {
  it("is sent on app paths and left out of the sign-in page", async () => {
    writeFileSync(
      path.join(root, "index.html"),
      '<!doctype html><body><!--landing--><div id="root"><h1>Pick against a friend</h1></div><!--/landing-->' +
        '<script type="module" src="/assets/app-1.js"></script></body>',
    );
    expect((await app.inject({ url: "/contests" })).body).toContain("<h1>Pick against a friend</h1>");
    const signIn = await app.inject({ url: "/api/login" });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers["content-type"]).toContain("text/html");
    expect(signIn.body).toContain('<div id="root"></div>');
    expect(signIn.body).toContain('src="/assets/app-1.js"');
  });

  it.each(["/signin", "/reset-password", "/confirm-email"])(
    "leaves it out of %s too, an account page a signed-out visitor opens from a link",
    async (url) => {
      writeFileSync(
        path.join(root, "index.html"),
        '<!doctype html><body><!--landing--><div id="root"><h1>Pick against a friend</h1></div><!--/landing-->' +
          '<script type="module" src="/assets/app-1.js"></script></body>',
      );
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain("Pick against a friend");
    },
  );
});
