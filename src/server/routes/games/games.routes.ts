import { createGameBody, gameIdParams, updateGameBody, weekParams } from "@/contracts/games";
import { AppError, badRequest } from "../../errors";
import { adminOnly, requireAdmin } from "../../plugins/session";
import { importGamesCsv } from "../../services/csv-import.service";
import * as games from "../../services/games.service";
import type { App } from "../types";

export const CSV_LIMIT_BYTES = 1024 * 1024;
const CSV_TYPES = new Set(["text/csv", "application/csv", "application/vnd.ms-excel", "text/plain"]);

export async function gamesRoutes(app: App) {
  app.get(
    "/api/games/week/:week/season/:season",
    { schema: { params: weekParams } },
    async (request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(await games.listWeekJson(app.ctx, request.params.season, request.params.week)),
  );

  app.get("/api/games", { onRequest: adminOnly }, async () => games.listGames(app.ctx));

  app.post(
    "/api/games",
    { onRequest: adminOnly, schema: { body: createGameBody } },
    async (request, reply) => {
      const created = await games.createGame(app.ctx, requireAdmin(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/api/games/:id",
    { onRequest: adminOnly, schema: { params: gameIdParams, body: updateGameBody } },
    async (request) => games.updateGame(app.ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.delete(
    "/api/games/:id",
    { onRequest: adminOnly, schema: { params: gameIdParams } },
    async (request, reply) => {
      await games.deleteGame(app.ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/games/:id/score",
    { onRequest: adminOnly, schema: { params: gameIdParams } },
    async (request) => games.scoreGame(app.ctx, requireAdmin(request), request.params.id),
  );

  app.post(
    "/api/games/:id/follow-feed",
    { onRequest: adminOnly, schema: { params: gameIdParams } },
    async (request) => games.followFeed(app.ctx, requireAdmin(request), request.params.id),
  );

  app.post("/api/games/import-csv", { onRequest: adminOnly }, async (request) => {
    if (!request.isMultipart())
      throw badRequest("Send the CSV file as multipart form data in the field csvFile.");
    const file = await request.file();
    if (!file || file.fieldname !== "csvFile") throw badRequest("Send the CSV file in the field csvFile.");
    if (!CSV_TYPES.has(file.mimetype) && !file.filename.toLowerCase().endsWith(".csv")) {
      throw badRequest("Invalid File Type - Please select a CSV file.");
    }
    const content = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError(413, "The CSV file is too large (1 MB at most).");
      throw error;
    });
    return importGamesCsv(app.ctx, requireAdmin(request), content);
  });
}
