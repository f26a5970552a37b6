import {
  createProposalBody,
  proposalParams,
  proposalsParams,
  proposalsQuery,
  respondProposalBody,
} from "@/contracts/proposals";
import { requireUser } from "../../plugins/session";
import * as proposals from "../../services/proposals.service";
import type { App } from "../types";

export async function proposalsRoutes(app: App) {
  app.get("/api/proposals/pending", async (request) =>
    proposals.listPendingProposals(app.ctx, requireUser(request)),
  );

  app.get(
    "/api/contests/:id/proposals",
    { schema: { params: proposalsParams, querystring: proposalsQuery } },
    async (request) =>
      proposals.listProposals(app.ctx, requireUser(request), request.params.id, request.query.week),
  );

  app.post(
    "/api/contests/:id/proposals",
    { schema: { params: proposalsParams, body: createProposalBody } },
    async (request, reply) => {
      const created = await proposals.createProposal(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/api/contests/:id/proposals/:proposalId",
    { schema: { params: proposalParams, body: respondProposalBody } },
    async (request) =>
      proposals.respondToProposal(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.params.proposalId,
        request.body,
      ),
  );
}
