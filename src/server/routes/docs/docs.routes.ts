import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type ScalarReference from "@scalar/fastify-api-reference";
import Fastify from "fastify";
import type { App } from "../types";

const OPENAPI_PATH = "/api/openapi.json";
const SCRIPT_PATH = "/api/docs/scalar.js";

/**
 * A variable, not a literal: the server's bundle leaves the reference's 5 MB package out, and it is
 * loaded the first time the page's script is asked for, never at start.
 */
const REFERENCE_PACKAGE = "@scalar/fastify-api-reference";

/** The reference's settings: this document, and nothing from elsewhere (no fonts, telemetry or AI agent). */
const REFERENCE_CONFIG = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  showDeveloperTools: "never",
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Football Pool API</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${SCRIPT_PATH}"></script>
  </body>
</html>
`;

interface Script {
  plain: Buffer;
  gzip: Buffer;
}

/** The reference's bundle as its Fastify plugin serves it, asked of the plugin once, then started on #app. */
async function loadScript(): Promise<Script> {
  const { default: reference } = (await import(REFERENCE_PACKAGE)) as { default: typeof ScalarReference };
  const scratch = Fastify();
  await scratch.register(reference, { routePrefix: "/reference", configuration: { url: OPENAPI_PATH } });
  const bundle = await scratch.inject({ url: "/reference/js/scalar.js" });
  await scratch.close();
  if (bundle.statusCode !== 200)
    throw new Error(`The API reference's script is missing (${bundle.statusCode}).`);
  const plain = Buffer.from(
    `${bundle.body}\n;Scalar.createApiReference("#app", ${JSON.stringify(REFERENCE_CONFIG)});\n`,
  );
  return { plain, gzip: await promisify(gzip)(plain) };
}

const encodings = new Negotiator({ supportedValues: ["gzip"] });

/** A value made on first use and kept; a failure is forgotten, so that the next use tries again. */
function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

/** The OpenAPI document and its reference page (Scalar): public, made on first request, then kept. */
export async function docsRoutes(app: App) {
  const documentText = lazily(async () => JSON.stringify(await app.openApi.document()));
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(await documentText()),
  );

  app.get("/api/docs", (_request, reply) => {
    reply.asDocument().type("text/html; charset=utf-8").send(PAGE);
  });

  const script = lazily(loadScript);
  app.get(SCRIPT_PATH, async (request, reply) => {
    const { plain, gzip: packed } = await script();
    const accepted = request.headers["accept-encoding"];
    const encoding = typeof accepted === "string" ? encodings.negotiate(accepted) : null;
    reply
      .type("application/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .header("vary", "accept-encoding");
    return encoding === "gzip" ? reply.header("content-encoding", "gzip").send(packed) : reply.send(plain);
  });
}
