import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fromRoot } from "../paths";
import { SESSION_COOKIE } from "./session";

export const clientDist = fromRoot("dist/client");

/** The signed-in shell's module in the build's manifest (src/client is Vite's root). */
const SHELL_MODULE = "app/signed-in-app.tsx";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * index.html for a visitor with a session cookie: it also names the signed-in shell's code (and what
 * it imports) as module preloads, so the browser fetches it beside the first bundle instead of after
 * it has run. Read again when the build changes; the plain page when the manifest is missing.
 */
function signedInPage(root: string): () => string | undefined {
  let built = -1;
  let page: string | undefined;
  return () => {
    const html = path.join(root, "index.html");
    const manifestFile = path.join(root, ".vite", "manifest.json");
    if (!existsSync(manifestFile)) return undefined;
    const mtime = Math.max(statSync(html).mtimeMs, statSync(manifestFile).mtimeMs);
    if (mtime === built) return page;
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
    const plain = readFileSync(html, "utf8");
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(SHELL_MODULE);
    const links = [...files]
      .filter((file) => !plain.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    page = files.size === 0 ? undefined : plain.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
    built = mtime;
    return page;
  };
}

/**
 * index.html without the landing page the build writes into it (vite.config.ts: the root with
 * the page, between these markers): for a page that is not the landing page's place, the sign-in
 * page.
 */
const PRERENDERED_LANDING = /<!--landing-->[\s\S]*<!--\/landing-->/;

function pageWithoutLanding(root: string): () => string {
  let built = -1;
  let page = "";
  return () => {
    const html = path.join(root, "index.html");
    const mtime = statSync(html).mtimeMs;
    if (mtime !== built) {
      page = readFileSync(html, "utf8").replace(PRERENDERED_LANDING, '<div id="root"></div>');
      built = mtime;
    }
    return page;
  };
}

/** Serves the built client: hashed assets cached for good, every app path answered with index.html. */
export async function installClient(app: FastifyInstance, root = clientDist): Promise<void> {
  const hasClient = existsSync(path.join(root, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt client is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent per Accept-Encoding.
      preCompressed: true,
      // The build's manifest (dist/client/.vite) is for measuring the bundle, not for browsers.
      allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const signedIn = signedInPage(root);
  const bare = pageWithoutLanding(root);
  const sendApp = (reply: FastifyReply, request?: FastifyRequest, options?: { landing: false }) => {
    if (!hasClient)
      return reply.code(503).type("text/plain").send("The client is not built yet: run `npm run build`.");
    if (options?.landing === false) {
      reply.header("cache-control", "no-cache");
      return reply.type("text/html; charset=utf-8").send(bare());
    }
    // The page varies with the cookie: who is signed in is only known after /api/auth/user, but a
    // session cookie is enough to start fetching the shell.
    reply.header("cache-control", "no-cache").header("vary", "cookie");
    const page = request?.cookies[SESSION_COOKIE] ? signedIn() : undefined;
    if (page) return reply.type("text/html; charset=utf-8").send(page);
    return reply.sendFile("index.html", root);
  };
  app.decorate("sendApp", sendApp);
  // The root is a folder on disk: the static handler would refuse it rather than fall through.
  if (hasClient) app.get("/", (request, reply) => sendApp(reply, request));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/");
    if (wantsPage) return sendApp(reply, request);
    return reply.code(404).send({ message: "Not found." });
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** index.html; `{ landing: false }` without the prerendered landing page (the sign-in page). */
    sendApp(reply: FastifyReply, request?: FastifyRequest, options?: { landing: false }): FastifyReply;
  }
}
