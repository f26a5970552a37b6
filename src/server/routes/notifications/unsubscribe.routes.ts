import { z } from "zod";
import { AppError } from "../../errors";
import { isValidUnsubscribe, turnOffEmail } from "../../services/unsubscribe";
import type { App } from "../types";

const unsubscribeQuery = z.object({
  u: z.uuid("This unsubscribe link is not valid."),
  k: z.enum(["reminder"], { error: "This unsubscribe link is not valid." }),
  t: z.string().min(1, "This unsubscribe link is not valid.").max(100),
});

const KIND_NAMES: Record<z.infer<typeof unsubscribeQuery>["k"], string> = { reminder: "reminder" };

/** A page of its own (no app around it): the link is opened from a mail program, signed out. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} · Football Pool</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}` +
  `@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}button{font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:0;background:#166534;color:#fff;cursor:pointer}a{color:inherit}</style></head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

/**
 * One-click unsubscribe (RFC 8058): a mail program POSTs `List-Unsubscribe=One-Click` to the link of
 * the `List-Unsubscribe` header; a person opening the link gets a page with one button that does the
 * same POST (a GET changes nothing, so link scanners cannot unsubscribe anyone).
 */
export async function unsubscribeRoutes(app: App) {
  // RFC 8058's body is form-encoded; nothing of it is needed beyond the link's own query.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, body),
  );

  const check = async (query: z.infer<typeof unsubscribeQuery>) => {
    if (!(await isValidUnsubscribe(app.ctx, { userId: query.u, kind: query.k, token: query.t }))) {
      throw new AppError(404, "This unsubscribe link is not valid.");
    }
  };

  app.get(
    "/api/notifications/unsubscribe",
    { schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      await check(request.query);
      const kind = KIND_NAMES[request.query.k];
      const action = `/api/notifications/unsubscribe?${new URLSearchParams(request.query)}`;
      return (
        reply
          .asDocument()
          // Not the app's no-referrer, under which the button's POST carries "Origin: null" and the
          // Origin check refuses it as another site's.
          .header("referrer-policy", "same-origin")
          .type("text/html; charset=utf-8")
          .send(
            page(
              `Stop ${kind} e-mails?`,
              `<p>You will no longer get ${kind} e-mails from Football Pool. Other e-mails, and notifications on your devices, stay as they are.</p>` +
                `<form method="post" action="${action.replace(/&/g, "&amp;")}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
            ),
          )
      );
    },
  );

  app.post(
    "/api/notifications/unsubscribe",
    { schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      await check(request.query);
      await turnOffEmail(app.ctx.db, request.query.u, request.query.k);
      const kind = KIND_NAMES[request.query.k];
      return reply
        .asDocument()
        .type("text/html; charset=utf-8")
        .send(
          page(
            "You are unsubscribed",
            `<p>You will no longer get ${kind} e-mails. To turn them back on, open <a href="/settings/notifications">Settings, Notifications</a>.</p>`,
          ),
        );
    },
  );
}
