import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { systemClock, type Clock } from "./clock";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { loadEnv, type Env } from "./env";
import { installClient } from "./plugins/client";
import { installErrorHandler } from "./plugins/errors";
import { installSecurity } from "./plugins/security";
import { installSession } from "./plugins/session";
import { activityRoutes } from "./routes/activity/activity.routes";
import { authRoutes, type AuthLimits } from "./routes/auth/auth.routes";
import { loginPageRoutes } from "./routes/auth/login-page.routes";
import { contestsRoutes } from "./routes/contests/contests.routes";
import { CSV_LIMIT_BYTES, gamesRoutes } from "./routes/games/games.routes";
import { healthRoutes } from "./routes/health/health.routes";
import { picksRoutes } from "./routes/picks/picks.routes";
import { seasonRoutes } from "./routes/season/season.routes";
import { systemConfigRoutes } from "./routes/system-config/system-config.routes";
import { teamsRoutes } from "./routes/teams/teams.routes";
import { usersRoutes } from "./routes/users/users.routes";

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface AppOptions {
  database: Database;
  env?: Env;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  authLimits?: Partial<AuthLimits>;
  /** Where the built client lives; tests of the API alone leave it unbuilt. */
  clientRoot?: string;
}

/** The whole app without listening: main.ts starts it, tests call it through inject(). */
export async function buildApp(options: AppOptions) {
  const env = options.env ?? loadEnv();
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    database: options.database,
    db: options.database.db,
    clock: options.clock ?? systemClock,
    env,
  };
  app.decorate("ctx", ctx);

  installErrorHandler(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: CSV_LIMIT_BYTES, files: 1, fields: 5, parts: 6 } });
  await installSecurity(app);
  installSession(app);
  await installClient(app, options.clientRoot);

  await app.register(healthRoutes);
  await app.register(loginPageRoutes);
  await app.register(authRoutes, {
    perIp: env.AUTH_RATE_LIMIT,
    perEmail: 10,
    windowMs: 5 * 60_000,
    ...options.authLimits,
  });
  await app.register(seasonRoutes);
  await app.register(teamsRoutes);
  await app.register(gamesRoutes);
  await app.register(contestsRoutes);
  await app.register(usersRoutes);
  await app.register(systemConfigRoutes);
  await app.register(picksRoutes);
  await app.register(activityRoutes);
  return app;
}
