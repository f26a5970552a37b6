import {
  contestIdParams,
  createContestBody,
  editContestBody,
  respondContestBody,
} from "@/contracts/contests";
import { adminOnly, requireAdmin, requireUser } from "../../plugins/session";
import { editContest } from "../../services/contest-edit.service";
import * as contests from "../../services/contests.service";
import { proposeRematch } from "../../services/rematch.service";
import { getRivalry } from "../../services/rivalry.service";
import { listRecaps } from "../../services/week-recaps";
import type { App } from "../types";

export async function contestsRoutes(app: App) {
  app.get("/api/contests", async (request) => contests.listContests(app.ctx, requireUser(request)));

  // Whether Create Contest asks a player for the password, or is not open yet.
  app.get("/api/contest-creation", async (request) => {
    requireUser(request);
    return contests.contestCreation(app.ctx);
  });

  app.get("/api/contests/:id", { schema: { params: contestIdParams } }, async (request) =>
    contests.getContest(app.ctx, requireUser(request), request.params.id),
  );

  app.post("/api/contests", { schema: { body: createContestBody } }, async (request, reply) => {
    const created = await contests.createContest(app.ctx, requireUser(request), request.body);
    return reply.code(201).send(created);
  });

  app.patch(
    "/api/contests/:id",
    { schema: { params: contestIdParams, body: respondContestBody } },
    async (request) =>
      contests.respondToContest(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.put(
    "/api/contests/:id",
    { onRequest: adminOnly, schema: { params: contestIdParams, body: editContestBody } },
    async (request) => editContest(app.ctx, requireAdmin(request), request.params.id, request.body),
  );

  // The body is empty (or `{}`): the rematch is made of the old contest.
  app.post("/api/contests/:id/rematch", { schema: { params: contestIdParams } }, async (request, reply) => {
    const created = await proposeRematch(app.ctx, requireUser(request), request.params.id);
    return reply.code(201).send(created);
  });

  // The viewer's latest week recap of each contest they play.
  app.get("/api/recaps", async (request) => listRecaps(app.ctx, requireUser(request)));

  app.get("/api/contests/:id/rivalry", { schema: { params: contestIdParams } }, async (request) =>
    getRivalry(app.ctx, requireUser(request), request.params.id),
  );

  app.delete(
    "/api/contests/:id",
    { onRequest: adminOnly, schema: { params: contestIdParams } },
    async (request, reply) => {
      await contests.archiveContest(app.ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
