import { readFileSync } from "node:fs";
import type { SwaggerTransform } from "@fastify/swagger";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";
import { apiError } from "@/contracts/errors";
import { fromRoot } from "../paths";
import { MODELS, OPERATIONS, TAGS, type Body, type Operation } from "./openapi-operations";
import { adminOnly, isApiPath, PUBLIC_API, SESSION_COOKIE } from "./session";

/** Who may call a route: anyone, any signed-in player, or administrators only. */
export type Access = "public" | "signed-in" | "admin";

const ACCESS_LINES: Record<Access, string> = {
  public: "Anyone, signed out too.",
  "signed-in": "Any signed-in player (401 without a session).",
  admin: "Administrators only (401 without a session, 403 for other players).",
};

/**
 * Who may call a route, read where it is decided: the session hook lets signed-out visitors reach
 * the PUBLIC_API paths only, and an admin route carries the `adminOnly` hook.
 */
export function accessOf(route: Pick<RouteOptions, "url" | "onRequest" | "preHandler">): Access {
  const path = route.url.replace(/:\w+/g, "x");
  if (PUBLIC_API.some((pattern) => pattern.test(path))) return "public";
  const hooks: unknown[] = [route.onRequest, route.preHandler].flat();
  return hooks.includes(adminOnly) ? "admin" : "signed-in";
}

/** The document's own schema metadata: the named models, and descriptions (the contracts carry none). */
const metadata = z.registry<{ id?: string; [key: string]: unknown }>();
for (const [id, schema] of Object.entries(MODELS)) metadata.add(schema, { id });
const described = <T extends ZodType>(schema: T, description: string): T => {
  metadata.add(schema, { description });
  return schema;
};
const zodTransform = createJsonSchemaTransform({ schemaRegistry: metadata });
const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: metadata });

const STATUS_TEXT: Record<number, string> = {
  200: "OK.",
  201: "Created.",
  202: "Accepted: queued, done shortly.",
  204: "Done; no body.",
  302: "A redirect (Location).",
  303: "A redirect (Location), to be followed with a GET.",
  304: "Not modified since the ETag sent in If-None-Match.",
  503: "Not now.",
};

function answer(status: number, body: Body) {
  const description = STATUS_TEXT[status] ?? "OK.";
  if (body === "none") return described(z.undefined(), description);
  if (body instanceof z.ZodType) return { description, content: { "application/json": { schema: body } } };
  return {
    description: `${description} ${body.description}`,
    content: { [body.type]: { schema: z.string() } },
  };
}

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: apiError } },
});
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The route's own answers, then the errors it may give, all in the one error shape `{ message, issues? }`. */
function responses(route: RouteOptions, operation: Operation, access: Access) {
  const all: Record<string, unknown> = {};
  for (const [status, body] of Object.entries(operation.answers)) all[status] = answer(Number(status), body);
  const { body, querystring, params } = route.schema ?? {};
  if (body || querystring || params || operation.upload)
    all[400] = error("The request is not valid: `message` says why, `issues` names the fields at fault.");
  if (access !== "public") all[401] = error("No session: sign in first.");
  if (access === "admin") all[403] = error("Not an administrator.");
  else if (!SAFE_METHODS.has(String(route.method)))
    all[403] = error("Refused: a rule of the pool forbids it, or the request came from another site's page.");
  if (route.url.includes(":")) all[404] = error("Not found, or not visible to the caller.");
  all[503] ??= error("The database is not answering: try again shortly (Retry-After).");
  all.default = error(
    "Any other failure, in the same shape: 409 a conflict with the current state, 413 too large, 429 too many tries, 500.",
  );
  return all;
}

/** A route's entry in the document: its schemas (zod, converted), what it is, who may call it. */
const transform: SwaggerTransform = (document) => {
  const { route, url } = document;
  const method = String(route.method);
  const operation = OPERATIONS[`${method} ${url}`] ?? {
    tag: "service",
    summary: `${method} ${url}`,
    answers: { 200: z.unknown() },
  };
  const access = operation.access ?? accessOf(route);
  const schema = {
    ...document.schema,
    ...(operation.upload && { body: operation.upload.body, consumes: [operation.upload.type] }),
    summary: operation.summary,
    description: [operation.description, `**Who may call it:** ${ACCESS_LINES[access]}`]
      .filter(Boolean)
      .join("\n\n"),
    tags: [operation.tag],
    security: access === "public" ? [] : [{ [SESSION_COOKIE]: [] }],
    "x-access": access,
    response: responses(route, operation, access),
  };
  return zodTransform({ ...document, schema });
};

declare module "fastify" {
  interface FastifyInstance {
    /** The OpenAPI document of the API's routes: made on the first call, then kept. */
    openApi: { document(): Promise<object>; builds: number };
  }
}

/**
 * The OpenAPI document of every API route, made from the routes' own zod schemas. The hook, added
 * before the routes, keeps them as they are registered; the document is made on the first request
 * for it, by @fastify/swagger in an instance of its own, so that neither the plugin's code nor its
 * work is paid at start.
 */
export function installOpenApi(app: FastifyInstance): void {
  const routes = new Map<string, RouteOptions>();
  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat())
      if (method !== "HEAD") routes.set(`${method} ${route.url}`, route);
  });
  let made: Promise<object> | undefined;
  const openApi = {
    builds: 0,
    document: () =>
      (made ??= buildDocument(routes).then(
        (document) => {
          openApi.builds += 1;
          return document;
        },
        (error: unknown) => {
          made = undefined;
          throw error;
        },
      )),
  };
  app.decorate("openApi", openApi);
}

async function buildDocument(routes: Map<string, RouteOptions>): Promise<object> {
  const { default: swagger } = await import("@fastify/swagger");
  const scratch = Fastify({ exposeHeadRoutes: false });
  // The schemas are only read here: no validator or serializer is made of them.
  scratch.setValidatorCompiler(() => () => true);
  scratch.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await scratch.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Football Pool API",
        version: packageVersion(),
        description:
          "The API the Football Pool app uses. A session is the `fp_session` cookie that signing in sets; each operation says who may call it (`x-access`: public, signed-in or admin). Errors are `{ message, issues? }`. A contest's routes answer 404 to anyone who is neither one of its two players nor an administrator.",
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [SESSION_COOKIE]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session cookie, set by signing in.",
          },
        },
      },
    },
    // Each route as the app registered it, its hooks included (who may call it).
    transform: (document) =>
      transform({ ...document, route: routes.get(`${document.route.method} ${document.url}`)! }),
    // The models as components; their unused request-side copies (`…Input`) left out.
    transformObject: (document) => {
      const built = zodComponents(document) as {
        paths?: unknown;
        components: { schemas: Record<string, unknown> };
      };
      const used = JSON.stringify(built.paths);
      for (const name of Object.keys(built.components.schemas)) {
        if (!used.includes(`"#/components/schemas/${name}"`)) delete built.components.schemas[name];
      }
      return built as ReturnType<typeof zodComponents>;
    },
  });
  for (const [key, route] of routes) {
    scratch.route({
      method: key.split(" ")[0]!,
      url: route.url,
      schema: route.schema,
      handler: () => undefined,
    });
  }
  await scratch.ready();
  const document = scratch.swagger();
  await scratch.close();
  return document;
}

function packageVersion(): string {
  const { version } = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { version?: string };
  return version ?? "0";
}
