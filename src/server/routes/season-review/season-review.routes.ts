import { contestIdParams } from "@/contracts/contests";
import { requireUser } from "../../plugins/session";
import { getSeasonReview, shareSeasonReview, stopSharing } from "../../services/season-review.service";
import type { App } from "../types";

/** A completed contest's season in review, and its share link (docs/rules.md, "Season in review"). */
export async function seasonReviewRoutes(app: App) {
  app.get("/api/contests/:id/review", { schema: { params: contestIdParams } }, async (request) =>
    getSeasonReview(app.ctx, requireUser(request), request.params.id),
  );

  // No body: the link is made of the contest. 201 when made, 200 with the live one.
  app.post("/api/contests/:id/share", { schema: { params: contestIdParams } }, async (request, reply) => {
    const { link, created } = await shareSeasonReview(app.ctx, requireUser(request), request.params.id);
    return reply.code(created ? 201 : 200).send(link);
  });

  app.delete("/api/contests/:id/share", { schema: { params: contestIdParams } }, async (request, reply) => {
    await stopSharing(app.ctx, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
}
