import { isDatabaseUnavailable } from "../../plugins/errors";
import { pendingMigrations } from "../../db/migration-status";
import type { App } from "../types";

const DATABASE_DOWN = "The database is not answering.";

export async function healthRoutes(app: App) {
  // Liveness: the process answers, and so does its database.
  app.get("/api/health", async (_request, reply) => {
    try {
      await app.ctx.database.ping();
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false, message: DATABASE_DOWN });
    }
  });

  // Readiness: this instance can serve, its database answering with every shipped migration applied.
  // A load balancer sends it no traffic until then.
  app.get("/api/ready", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      const pending = await pendingMigrations(app.ctx.db);
      if (pending === 0) return { ok: true };
      const message = `The database lacks ${pending} of this version's migrations: restart the server (it applies them) or run npm run db:migrate.`;
      return reply.code(503).send({ ok: false, message });
    } catch (error) {
      if (!isDatabaseUnavailable(error)) request.log.warn({ err: error }, "readiness check failed");
      return reply.code(503).send({ ok: false, message: DATABASE_DOWN });
    }
  });
}
