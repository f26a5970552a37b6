import {
  betChangeParams,
  betChangesQuery,
  proposeBetChangeBody,
  respondBetChangeBody,
  setBetBody,
} from "@/contracts/bets";
import { contestIdParams } from "@/contracts/contests";
import { adminOnly, requireAdmin, requireUser } from "../../plugins/session";
import * as bets from "../../services/bets.service";
import type { App } from "../types";

export async function betsRoutes(app: App) {
  app.get("/api/contests/:id/bet-changes", { schema: { params: contestIdParams } }, async (request) =>
    bets.listContestBetChanges(app.ctx, requireUser(request), request.params.id),
  );

  app.post(
    "/api/contests/:id/bet-changes",
    { schema: { params: contestIdParams, body: proposeBetChangeBody } },
    async (request, reply) => {
      const created = await bets.proposeBetChange(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/api/contests/:id/bet-changes/:changeId",
    { schema: { params: betChangeParams, body: respondBetChangeBody } },
    async (request) =>
      bets.respondToBetChange(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.params.changeId,
        request.body,
      ),
  );

  app.put(
    "/api/contests/:id/bet",
    { onRequest: adminOnly, schema: { params: contestIdParams, body: setBetBody } },
    async (request) => bets.setBet(app.ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.get(
    "/api/admin/bet-changes",
    { onRequest: adminOnly, schema: { querystring: betChangesQuery } },
    async (request) => bets.listAllBetChanges(app.ctx, request.query),
  );
}
