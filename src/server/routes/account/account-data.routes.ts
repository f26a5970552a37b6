import type { FastifyReply } from "fastify";
import { deleteAccountBody } from "@/contracts/account-data";
import { clearSessionCookie, requireUser } from "../../plugins/session";
import { accountExport, exportFileName, picksCsv } from "../../services/account-data.service";
import { deleteAccount, deletionCheck } from "../../services/account-deletion.service";
import { attemptsLimit, TOO_MANY_ATTEMPTS } from "../attempts-limit";
import type { App } from "../types";

const HOUR = 60 * 60_000;

/** How often a player may download their data (JSON and CSV together), and try to delete their account. */
export const ACCOUNT_LIMITS = {
  downloads: { max: 5, timeWindow: HOUR },
  deletions: { max: 10, timeWindow: 15 * 60_000 },
};

const TOO_MANY_DOWNLOADS =
  "You have downloaded your data several times in a short while. Please try again later.";

/** A player's own data (downloads) and the deletion of their account. */
export async function accountDataRoutes(app: App) {
  // Per user, after the session hook has said who it is.
  const perUser = (options: (typeof ACCOUNT_LIMITS)["downloads"], key: string, message: string) =>
    attemptsLimit(
      app,
      { ...options, keyGenerator: (request) => `${key}:${request.user?.id ?? request.ip}` },
      message,
    );
  const downloads = perUser(ACCOUNT_LIMITS.downloads, "account-export", TOO_MANY_DOWNLOADS);
  const deletions = perUser(ACCOUNT_LIMITS.deletions, "account-delete", TOO_MANY_ATTEMPTS);

  const attachment = (reply: FastifyReply, name: string, type: string) =>
    reply
      .type(type)
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "no-store");

  app.get("/api/account/export", { preHandler: downloads }, async (request, reply) => {
    const user = requireUser(request);
    const data = await accountExport(app.ctx, user);
    const name = exportFileName(user, app.ctx.clock.now(), "json");
    return attachment(reply, name, "application/json; charset=utf-8").send(JSON.stringify(data, null, 2));
  });

  app.get("/api/account/export.csv", { preHandler: downloads }, async (request, reply) => {
    const user = requireUser(request);
    const csv = picksCsv(await accountExport(app.ctx, user));
    const name = exportFileName(user, app.ctx.clock.now(), "csv");
    return attachment(reply, name, "text/csv; charset=utf-8").send(csv);
  });

  app.get("/api/account/deletion-check", async (request) => deletionCheck(app.ctx, requireUser(request)));

  app.delete(
    "/api/account",
    { preHandler: deletions, schema: { body: deleteAccountBody } },
    async (request, reply) => {
      await deleteAccount(app.ctx, requireUser(request), request.body);
      clearSessionCookie(app, request, reply);
      return reply.code(204).send();
    },
  );
}
