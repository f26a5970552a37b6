import { notFound } from "../../errors";
import { sharedCard } from "../../services/season-review.service";
import type { App } from "../types";
import { imageTag, shareImage } from "./share-image";
import { notSharedPage, sharePage } from "./share-page";

/** A share link's token: 24 random bytes, base64url. Anything else is no link, unread. */
const TOKEN = /^[\w-]{32}$/;

/**
 * The public side of a share link (not under /api: no session needed, none read): the season in
 * review's page and its image, for anyone holding the link; an unknown or revoked token is 404.
 */
export async function sharePageRoutes(app: App) {
  const cardOf = (token: string) => (TOKEN.test(token) ? sharedCard(app.ctx, token) : undefined);

  app.get<{ Params: { token: string } }>("/share/:token", async (request, reply) => {
    const shared = await cardOf(request.params.token);
    reply.asDocument().header("cache-control", "no-cache").type("text/html; charset=utf-8");
    if (!shared) return reply.code(404).send(notSharedPage());
    return reply.send(sharePage(shared.card, shared.url));
  });

  app.get<{ Params: { token: string } }>("/share/:token/image.png", async (request, reply) => {
    const shared = await cardOf(request.params.token);
    if (!shared) throw notFound("This link is not shared.");
    const etag = `"${imageTag(shared.card)}"`;
    // Kept a few minutes by browsers and the previews' caches; a revoked link's image goes with them.
    reply
      .header("cache-control", "public, max-age=300")
      .header("etag", etag)
      // Link previews show it on other sites' pages.
      .header("cross-origin-resource-policy", "cross-origin");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("image/png").send(await shareImage(shared.card));
  });
}
