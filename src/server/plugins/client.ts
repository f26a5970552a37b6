import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { fromRoot } from "../paths";

export const clientDist = fromRoot("dist/client");

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

  const sendApp = (reply: FastifyReply) =>
    hasClient
      ? reply.header("cache-control", "no-cache").sendFile("index.html", root)
      : reply.code(503).type("text/plain").send("The client is not built yet: run `npm run build`.");
  app.decorate("sendApp", sendApp);
  // The root is a folder on disk: the static handler would refuse it rather than fall through.
  if (hasClient) app.get("/", (_request, reply) => sendApp(reply));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/");
    if (wantsPage) return sendApp(reply);
    return reply.code(404).send({ message: "Not found." });
  });
}

declare module "fastify" {
  interface FastifyInstance {
    sendApp(reply: FastifyReply): FastifyReply;
  }
}
