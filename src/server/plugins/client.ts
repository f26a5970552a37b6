import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fromRoot } from "../paths";
import { STARTING_DATA_ID } from "@/contracts/constants";
import { isApiPath, SESSION_COOKIE } from "./session";

export const clientDist = fromRoot("dist/client");

/** The signed-in shell's module in the build's manifest (src/client is Vite's root). */
const SHELL_MODULE = "app/signed-in-app.tsx";

/**
 * Screens whose code a signed-in visitor's page names as well, by the path it is asked for: the
 * ones app/preload.ts loads beside the shell (a wouter pattern there, a regular expression here).
 */
const SCREEN_MODULES = [{ path: /^\/picks\/?$/i, module: "features/picks/components/make-picks-page.tsx" }];

/**
 * What every signed-in screen reads first, besides the user (index.html preloads /api/auth/user):
 * app/preload.ts asks for these three the moment the user is known. Named in the signed-in page,
 * the browser fetches them beside the code, and the first render has them. A player's page carries
 * the four instead (`StartingData`, decision 050).
 */
const SIGNED_IN_DATA = ["/api/contests", "/api/season", "/api/users"];

/** index.html's fetch preload of the user: a page that carries its starting data does without it. */
const USER_PRELOAD = /[ \t]*<link rel="preload" href="\/api\/auth\/user"[^>]*>\n?/;

/**
 * The signed-in page of a path: as sent to a visitor whose starting data it does not carry, and as
 * the template of a player's, who gets theirs in it (without the fetch preloads).
 */
interface SignedInPage {
  page: Page;
  template: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** A page the server writes itself, compressed once when built (the build's files come compressed). */
interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function compressedPage(html: string): Page {
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** How often, by default, the build's files are looked at for a rebuild. */
const RECHECK_MS = 1_000;

/**
 * When the build last changed, by the newest modification time of its files, looked at no more than
 * once in `recheckMs`: most document requests cost no system call, and a rebuilt client is still
 * served without a restart. NaN while a file is missing.
 */
function buildStamp(files: readonly string[], recheckMs: number): () => number {
  let stamp = Number.NaN;
  let checkedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (now - checkedAt < recheckMs) return stamp;
    checkedAt = now;
    stamp = files.every((file) => existsSync(file))
      ? Math.max(...files.map((file) => statSync(file).mtimeMs))
      : Number.NaN;
    return stamp;
  };
}

// No cache of answers: it would keep one per Accept-Encoding header a client cares to send.
const encodings = new Negotiator({ supportedValues: ["br", "gzip"] });

/** A page's answer varies with the encodings the browser takes too, beside what it varied with. */
function varyOnEncoding(reply: FastifyReply): FastifyReply {
  const vary = reply.getHeader("vary");
  return reply.header("vary", vary === undefined ? "accept-encoding" : `${String(vary)}, accept-encoding`);
}

function sendPage(reply: FastifyReply, request: FastifyRequest | undefined, page: Page): FastifyReply {
  varyOnEncoding(reply).asDocument().type("text/html; charset=utf-8");
  const accepted = request?.headers["accept-encoding"];
  const encoding = typeof accepted === "string" ? encodings.negotiate(accepted) : null;
  if (encoding === null) return reply.send(page.html);
  return reply.header("content-encoding", encoding).send(page[encoding]);
}

// A player's page is compressed for each request: gzip only, with a small state (an 8 kB window and
// hash chains of memLevel 6, ~60 kB in pieces of 16 kB at most, which the allocator hands back and
// reuses), not brotli, whose far larger state (even with a 64 kB window) would grow the server's
// memory under a crowd's page views (decisions 050, 055).
const dataPageEncodings = new Negotiator({ supportedValues: ["gzip"] });
const DATA_PAGE_GZIP = { level: 6, windowBits: 13, memLevel: 6 } as const;

/**
 * A player's page with their starting data in it, made for each request (12-25 kB): gzipped when
 * the browser takes it (decision 055: sent as it is, it would hold up the first paint on a phone's
 * network by an extra round trip).
 */
function sendDataPage(reply: FastifyReply, request: FastifyRequest, template: string, json: string) {
  const html = template.replace(
    "</head>",
    `  <script type="application/json" id="${STARTING_DATA_ID}">${json}</script>\n  </head>`,
  );
  varyOnEncoding(reply)
    .asDocument()
    .header("cache-control", "private, no-cache")
    .type("text/html; charset=utf-8");
  const accepted = request.headers["accept-encoding"];
  const gzip = typeof accepted === "string" && dataPageEncodings.negotiate(accepted) === "gzip";
  return gzip
    ? reply.header("content-encoding", "gzip").send(gzipSync(html, DATA_PAGE_GZIP))
    : reply.send(html);
}

/**
 * index.html for a visitor with a session cookie: it also names the signed-in shell's code (and what
 * it imports), and the screen's for a path in SCREEN_MODULES, as module preloads, and the data in
 * SIGNED_IN_DATA as fetch preloads, so the browser fetches them beside the first bundle instead of
 * after it has run; and the same without any fetch preload, the template of a player's page, which
 * carries the data itself. Built again when the build changes; undefined when the manifest is missing.
 */
function signedInPage(root: string, recheckMs: number): (pathname: string) => SignedInPage | undefined {
  let built = -1;
  let pages = new Map<string, SignedInPage | undefined>();
  let manifest: Record<string, ManifestChunk> = {};
  let plain = "";
  const build = (screen: string | undefined) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(SHELL_MODULE);
    if (files.size === 0) return undefined;
    if (screen) visit(screen);
    const code = [...files]
      .filter((file) => !plain.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
    const data = SIGNED_IN_DATA.map(
      (url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`,
    );
    const withLinks = (html: string, links: string[]) =>
      html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
    return {
      page: compressedPage(withLinks(plain, [...code, ...data])),
      template: withLinks(plain.replace(USER_PRELOAD, ""), code),
    };
  };
  const html = path.join(root, "index.html");
  const manifestFile = path.join(root, ".vite", "manifest.json");
  const stamp = buildStamp([html, manifestFile], recheckMs);
  return (pathname) => {
    const mtime = stamp();
    if (Number.isNaN(mtime)) return undefined;
    if (mtime !== built) {
      manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
      plain = readFileSync(html, "utf8");
      pages = new Map();
      built = mtime;
    }
    const screen = SCREEN_MODULES.find((candidate) => candidate.path.test(pathname))?.module;
    const key = screen ?? "";
    if (!pages.has(key)) pages.set(key, build(screen));
    return pages.get(key);
  };
}

/**
 * index.html without the landing page the build writes into it (vite.config.ts: the root with
 * the page, between these markers): for a page that is not the landing page's place, the sign-in
 * page.
 */
const PRERENDERED_LANDING = /<!--landing-->[\s\S]*<!--\/landing-->/;

/** index.html as `transform` leaves it, from memory, made again when the build changes. */
function builtPage(root: string, recheckMs: number, transform: (html: string) => string): () => Page {
  let built = -1;
  let page: Page | undefined;
  const html = path.join(root, "index.html");
  const stamp = buildStamp([html], recheckMs);
  return () => {
    const mtime = stamp();
    if (page === undefined || mtime !== built) {
      page = compressedPage(transform(readFileSync(html, "utf8")));
      built = mtime;
    }
    return page;
  };
}

/** Built files that are documents: pages, and the service worker (its policy governs its fetches). */
const DOCUMENT_FILE = /(\.html|[/\\]sw\.js)(\.br|\.gz)?$/;

/** A path that names a file (its last segment has an extension), not a screen of the app. */
const FILE_PATH = /\.[^/]*$/;

/**
 * The JSON a signed-in visitor's page carries (`startingDataJson`, the session settled as for an API
 * request), or undefined: the page names the data as fetch preloads instead.
 */
type StartingData = (request: FastifyRequest, reply: FastifyReply) => Promise<string | undefined>;

/** Serves the built client: hashed assets cached for good, every app path answered with index.html. */
export async function installClient(
  app: FastifyInstance,
  root = clientDist,
  recheckMs = RECHECK_MS,
  startingData?: StartingData,
): Promise<void> {
  const hasClient = existsSync(path.join(root, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      // A route per file of the build as it is at start; a file added since (a rebuild) is found on
      // disk by the not-found handler below. A screen's path (/picks) costs no look-up on disk.
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent per Accept-Encoding.
      preCompressed: true,
      // The build's manifest (dist/client/.vite) is for measuring the bundle, not for browsers.
      allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        if (DOCUMENT_FILE.test(file)) reply.asDocument();
      },
    });
  }

  const signedIn = signedInPage(root, recheckMs);
  const bare = builtPage(root, recheckMs, (html) =>
    html.replace(PRERENDERED_LANDING, '<div id="root"></div>'),
  );
  const landing = builtPage(root, recheckMs, (html) => html);
  const sendApp = (reply: FastifyReply, request?: FastifyRequest, options?: { landing: false }) => {
    if (!hasClient)
      return reply.code(503).type("text/plain").send("The client is not built yet: run `npm run build`.");
    if (options?.landing === false) {
      reply.header("cache-control", "no-cache");
      return sendPage(reply, request, bare());
    }
    // The page varies with the cookie: a session cookie is enough to start fetching the shell, and a
    // player's page carries their starting data (decision 050).
    reply.header("cache-control", "no-cache").header("vary", "cookie");
    const signedInAt = request?.cookies[SESSION_COOKIE]
      ? signedIn(request.url.replace(/\?.*$/s, ""))
      : undefined;
    if (!signedInAt) return sendPage(reply, request, landing());
    if (!startingData || !request) return sendPage(reply, request, signedInAt.page);
    void startingData(request, reply).then(
      (json) =>
        json === undefined
          ? sendPage(reply, request, signedInAt.page)
          : sendDataPage(reply, request, signedInAt.template, json),
      (error: unknown) => {
        // The page without it: the client asks for the data itself.
        request.log.warn({ err: error }, "the page's starting data could not be read");
        sendPage(reply, request, signedInAt.page);
      },
    );
    return reply;
  };
  app.decorate("sendApp", sendApp);
  // The root is a folder on disk: the static handler would refuse it rather than fall through.
  // The handlers send and return nothing: a returned reply is awaited (Reply.then), which adds
  // listeners to the response beside the file stream's own (Node warns past ten).
  if (hasClient)
    app.get("/", (request, reply) => {
      sendApp(reply, request);
    });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !isApiPath(request.url);
    if (!wantsPage) {
      reply.code(404).send({ message: "Not found." });
      return;
    }
    const file = hasClient ? fileAdded(root, request.url) : undefined;
    if (file) reply.sendFile(file, root);
    else sendApp(reply, request);
  });
}

/**
 * A file of the build added since the server started (a rebuild's new assets), by the path asked
 * for: relative to the root, inside it, not the build's manifest; undefined when there is none.
 */
function fileAdded(root: string, url: string): string | undefined {
  const pathname = url.replace(/[?#].*$/s, "");
  if (!FILE_PATH.test(pathname)) return undefined;
  let relative: string;
  try {
    relative = path.normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, "");
  } catch {
    return undefined;
  }
  if (relative.startsWith("..") || relative.startsWith(".vite")) return undefined;
  return existsSync(path.join(root, relative)) ? relative : undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** index.html; `{ landing: false }` without the prerendered landing page (the sign-in page). */
    sendApp(reply: FastifyReply, request?: FastifyRequest, options?: { landing: false }): FastifyReply;
  }
}
