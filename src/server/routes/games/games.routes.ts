import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createGameBody, gameIdParams, seasonParams, updateGameBody, weekParams } from "@/contracts/games";
import { AppError, badRequest } from "../../errors";
import { closeIfBodyUnread } from "../../plugins/errors";
import { adminOnly, requireAdmin } from "../../plugins/session";
import { importGamesCsv } from "../../services/csv-import.service";
import * as games from "../../services/games.service";
import * as lineHistory from "../../services/line-history.service";
import type { App } from "../types";

export const CSV_LIMIT_BYTES = 1024 * 1024;
const JSON_TYPE = "application/json; charset=utf-8";
const CSV_TYPES = new Set(["text/csv", "application/csv", "application/vnd.ms-excel", "text/plain"]);

export async function gamesRoutes(app: App) {
  // Every page shows a week: from memory (most requests) it is answered at once, without a promise.
  app.get("/api/games/week/:week/season/:season", { schema: { params: weekParams } }, (request, reply) => {
    const { season, week } = request.params;
    const body = games.cachedWeekBody(app.ctx, season, week);
    if (body !== undefined) reply.type(JSON_TYPE).send(body);
    else
      games.listWeekJson(app.ctx, season, week).then(
        (loaded) => reply.type(JSON_TYPE).send(loaded),
        (error: Error) => reply.send(error),
      );
  });

  app.get("/api/games", { onRequest: adminOnly }, async () => games.listGames(app.ctx));

  // Where the line went: read on demand, never with the week's games.
  app.get("/api/games/:id/line-history", { schema: { params: gameIdParams } }, async (request) =>
    lineHistory.gameLineHistory(app.ctx, request.params.id),
  );

  app.get("/api/games/season/:season/closing-lines", { schema: { params: seasonParams } }, async (request) =>
    lineHistory.seasonClosingLines(app.ctx, request.params.season),
  );

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

  await app.register(csvImportRoutes);
}

/**
 * The CSV import, with the multipart plugin registered for it alone: at the app's root its hooks
 * (an async one when a request starts, another when it ends) would run at every request (decision 020).
 */
async function csvImportRoutes(app: App) {
  // In place of the app's parser, which accepts a multipart body without reading it (app.ts).
  app.removeContentTypeParser("multipart/form-data");
  // The only multipart body is a CSV file: a field is a few bytes, not busboy's 1 MB.
  await app.register(multipart, {
    limits: { fileSize: CSV_LIMIT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 },
  });

  // Parts after the file are not read either: the connection closes after the answer.
  const closeUnread = async (request: FastifyRequest, reply: FastifyReply) =>
    closeIfBodyUnread(request, reply);
  app.post("/api/games/import-csv", { onRequest: adminOnly, onSend: closeUnread }, async (request) => {
    if (!request.isMultipart())
      throw badRequest("Send the CSV file as multipart form data in the field csvFile.");
    const file = await request.file().catch((error: { statusCode?: number }) => {
      // busboy's errors (a body cut short or malformed) carry no status; the plugin's limits do.
      throw error.statusCode
        ? error
        : badRequest("The upload is not valid multipart form data: send it again.");
    });
    if (!file || file.fieldname !== "csvFile") throw badRequest("Send the CSV file in the field csvFile.");
    if (!CSV_TYPES.has(file.mimetype) && !file.filename.toLowerCase().endsWith(".csv")) {
      throw badRequest("Invalid File Type - Please select a CSV file.");
    }
    const content = await readCsv(file.file);
    return importGamesCsv(app.ctx, requireAdmin(request), content);
  });
}

/**
 * The file, refused (413) as soon as it passes the limit: the rest of the upload is not read, and the
 * connection closes after the answer (plugins/errors.ts), however much more the client would send.
 */
async function readCsv(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  const tooLarge = () => new AppError(413, "The CSV file is too large (1 MB at most).");
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file) {
      if (file.truncated) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    // The multipart body ended in the middle of the file.
    if (error instanceof AppError) throw error;
    throw badRequest("The upload is not valid multipart form data: send it again.");
  }
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}
