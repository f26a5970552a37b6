import type { App } from "../types";

export async function healthRoutes(app: App) {
  app.get("/api/health", async (_request, reply) => {
    try {
      await app.ctx.database.ping();
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false, message: "The database is not answering." });
    }
  });
}
