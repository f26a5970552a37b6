import {
  batchPicksBody,
  pickBody,
  playerPicksParams,
  playerPicksQuery,
  saveFirstPickerBody,
  tiebreakGuessBody,
  tiebreakQuery,
  weekParam,
  weekRoundParams,
} from "@/contracts/picks";
import { contestIdParams } from "@/contracts/contests";
import { adminOnly, requireAdmin, requireUser } from "../../plugins/session";
import { getCurrentRound } from "../../services/contest-week.service";
import { getFirstPicker, listFirstPickers, saveFirstPicker } from "../../services/first-picker.service";
import { availabilityJson, playerPicksJson } from "../../services/player-picks.service";
import { submitPicks } from "../../services/submit-picks.service";
import { getTiebreak, saveTiebreak } from "../../services/tiebreaks.service";
import { weeklyResultsJson } from "../../services/weekly-results-json";
import type { App } from "../types";

export async function picksRoutes(app: App) {
  app.post("/api/picks/batch", { schema: { body: batchPicksBody } }, async (request, reply) => {
    const stored = await submitPicks(app.ctx, requireUser(request), request.body);
    return reply.code(201).send(stored);
  });

  app.post("/api/picks", { schema: { body: pickBody } }, async (request, reply) => {
    const { contestId, week, round, ...wish } = request.body;
    const [stored] = await submitPicks(app.ctx, requireUser(request), {
      contestId,
      week,
      round,
      picks: [wish],
    });
    return reply.code(201).send(stored);
  });

  app.get("/api/contests/:id/first-picker/:week", { schema: { params: weekParam } }, async (request) =>
    getFirstPicker(app.ctx, requireUser(request), request.params.id, request.params.week),
  );

  app.get(
    "/api/contests/:id/tiebreak",
    { schema: { params: contestIdParams, querystring: tiebreakQuery } },
    async (request) => getTiebreak(app.ctx, requireUser(request), request.params.id, request.query.week),
  );

  app.put(
    "/api/contests/:id/tiebreak",
    { schema: { params: contestIdParams, body: tiebreakGuessBody } },
    async (request) => saveTiebreak(app.ctx, requireUser(request), request.params.id, request.body),
  );

  app.get("/api/contests/:id/current-round/:week", { schema: { params: weekParam } }, async (request) =>
    getCurrentRound(app.ctx, requireUser(request), request.params.id, request.params.week),
  );

  app.get(
    "/api/contests/:id/availability/:week/:round",
    { schema: { params: weekRoundParams } },
    async (request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(await availabilityJson(app.ctx, requireUser(request), request.params.id, request.params.week)),
  );

  app.get(
    "/api/contests/:id/picks/player/:userId",
    { schema: { params: playerPicksParams, querystring: playerPicksQuery } },
    async (request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(
          await playerPicksJson(
            app.ctx,
            requireUser(request),
            request.params.id,
            request.params.userId,
            request.query.week,
          ),
        ),
  );

  app.get(
    "/api/contests/:id/weekly-results",
    { schema: { params: contestIdParams } },
    async (request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(await weeklyResultsJson(app.ctx, requireUser(request), request.params.id)),
  );

  app.get(
    "/api/admin/contests/:id/first-picker-assignments",
    { onRequest: adminOnly, schema: { params: contestIdParams } },
    async (request) => listFirstPickers(app.ctx, request.params.id, requireAdmin(request)),
  );

  app.post(
    "/api/admin/first-picker-assignments",
    { onRequest: adminOnly, schema: { body: saveFirstPickerBody } },
    async (request) => saveFirstPicker(app.ctx, requireAdmin(request), request.body),
  );
}
