import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { systemClock, type Clock } from "./clock";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { loadEnv, type Env } from "./env";
import { Mailer, type MailerOptions } from "./services/mailer.service";
import { vapidKeys } from "./services/vapid";
import { EspnProvider } from "./feed/espn";
import { FeedPoller } from "./services/feed-poller";
import { ReminderScheduler } from "./services/reminders.service";
import { connectionLimits } from "./http-limits";
import type { FeedProvider } from "./feed/provider";
import type { Feed } from "./services/feed.service";
import { feedRoutes } from "./routes/feed/feed.routes";
import { installClient } from "./plugins/client";
import { installCookies } from "./plugins/cookies";
import { installErrorHandler } from "./plugins/errors";
import { installEvents } from "./plugins/event-hub";
import { installOpenApi } from "./plugins/openapi";
import { installMetrics } from "./metrics";
import { readCache } from "./db/read-cache";
import { installSecurity } from "./plugins/security";
import { installTextGuard } from "./plugins/text-guard";
import { documentUser, installSession } from "./plugins/session";
import { startingDataJson } from "./services/starting-data.service";
import { RequestLog, requestLogger } from "./plugins/request-log";
import { activityRoutes } from "./routes/activity/activity.routes";
import { accountDataRoutes } from "./routes/account/account-data.routes";
import { accountRoutes } from "./routes/account/account.routes";
import { authRoutes, type AuthLimits } from "./routes/auth/auth.routes";
import { passwordResetRoutes } from "./routes/auth/password-reset.routes";
import { betsRoutes } from "./routes/bets/bets.routes";
import { calendarRoutes } from "./routes/calendar/calendar.routes";
import { loginPageRoutes } from "./routes/auth/login-page.routes";
import { signOutPageRoutes } from "./routes/auth/sign-out-page.routes";
import { contestsRoutes } from "./routes/contests/contests.routes";
import { messagesRoutes } from "./routes/messages/messages.routes";
import { eventsRoutes } from "./routes/events/events.routes";
import { emailRoutes } from "./routes/email/email.routes";
import { gamesRoutes } from "./routes/games/games.routes";
import { docsRoutes } from "./routes/docs/docs.routes";
import { healthRoutes } from "./routes/health/health.routes";
import { picksRoutes } from "./routes/picks/picks.routes";
import { proposalsRoutes } from "./routes/proposals/proposals.routes";
import { pushRoutes } from "./routes/push/push.routes";
import { seasonRoutes } from "./routes/season/season.routes";
import { seasonReviewRoutes } from "./routes/season-review/season-review.routes";
import { sharePageRoutes } from "./routes/season-review/share-page.routes";
import { systemConfigRoutes } from "./routes/system-config/system-config.routes";
import { teamsRoutes } from "./routes/teams/teams.routes";
import { turnRoutes } from "./routes/turn/turn.routes";
import { unsubscribeRoutes } from "./routes/notifications/unsubscribe.routes";
import { usersRoutes } from "./routes/users/users.routes";

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** Delivers the outbox; tests run a pass with `app.mailer.flush()`. */
    mailer: Mailer;
    /** The live data feed: its source (null when FEED_URL is off) and its poller. */
    feed: Feed & { poller: FeedPoller | null };
    /** Pick reminders; tests run a pass with `app.reminders.run()`. */
    reminders: ReminderScheduler;
    /** Every route with its schema, as registered: tests walk the whole API from it. */
    routeCatalog: RouteCatalogEntry[];
  }
}

export interface RouteCatalogEntry {
  method: string;
  url: string;
  schema: RouteOptions["schema"];
}

/** JSON bodies are small here (the largest is a batch of picks); anything bigger is refused early. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  database: Database;
  env?: Env;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  authLimits?: Partial<AuthLimits>;
  /** Where the built client lives; tests of the API alone leave it unbuilt. */
  clientRoot?: string;
  /** How often the built client's files are looked at for a rebuild (ms; tests that rewrite them: 0). */
  clientRecheckMs?: number;
  /** Tests: the data feed's source (a stand-in), its timeout and its back-off's jitter. */
  feed?: { provider?: FeedProvider; timeoutMs?: number; random?: () => number };
  /** Tests: the mailer's clock (retries), no interval, no kicks, the push services' timeout. */
  mailer?: Partial<Pick<MailerOptions, "now" | "intervalMs" | "kicks" | "pushTimeoutMs">>;
}

/** The whole app without listening: main.ts starts it, tests call it through inject(). */
export async function buildApp(options: AppOptions) {
  const env = options.env ?? loadEnv();
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLog(),
    childLoggerFactory: requestLogger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    ...connectionLimits(env),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    database: options.database,
    db: options.database.db,
    clock: options.clock ?? systemClock,
    env,
    mailer: new Mailer({
      db: options.database.db,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      log: app.log,
      vapid: () => vapidKeys(options.database.db, env),
      pushServiceHosts: env.PUSH_SERVICE_HOSTS,
      ...options.mailer,
    }),
  };
  app.decorate("ctx", ctx);
  app.decorate("feed", createFeed(ctx, env, app.log, options.feed));
  // The first sync starts once the server answers, never delaying its start.
  app.addHook("onListen", async () => app.feed.poller?.start());
  app.decorate("mailer", ctx.mailer);
  // The VAPID keys are made (or read) once the server answers, not at each request for them.
  app.addHook(
    "onListen",
    async () =>
      void vapidKeys(ctx.db, env).catch((error: unknown) =>
        app.log.warn({ err: error }, "VAPID keys not ready; made on first use"),
      ),
  );
  app.addHook("onReady", async () => ctx.mailer.start());
  app.decorate(
    "reminders",
    new ReminderScheduler(ctx, { intervalMs: env.REMINDER_INTERVAL_S * 1000, log: app.log }),
  );
  app.addHook("onListen", async () => app.reminders.start());
  // The feed and the mailer stop as soon as the server starts closing, while the requests under way
  // finish, and have stopped before the database closes (decision 021).
  let stopping: Promise<unknown> | undefined;
  const stopWork = () =>
    (stopping ??= Promise.allSettled([app.feed.poller?.stop(), app.reminders.stop(), ctx.mailer.stop()]));
  app.addHook("preClose", async () => void stopWork());
  app.addHook("onClose", async () => void (await stopWork()));
  // Sessions, the season and a week's games from memory, cleared on every instance by fp_cache.
  app.addHook("onReady", async () => readCache(ctx.database).start(ctx.database));
  app.addHook("onClose", async () => readCache(ctx.database).stop());
  const routeCatalog: RouteCatalogEntry[] = [];
  app.decorate("routeCatalog", routeCatalog);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeCatalog.push({ method, url: route.url, schema: route.schema });
    }
  });
  // Before any route: its hook collects them for the OpenAPI document (built on its first request).
  installOpenApi(app);

  installErrorHandler(app);
  installTextGuard(app);
  installCookies(app);
  await app.register(rateLimit, { global: false });
  // The multipart plugin is registered with the CSV import, its only reader (games.routes.ts, decision
  // 020). Elsewhere a multipart body is accepted unread, as the plugin did: the route answers 400.
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  await installSecurity(app);
  installSession(app);
  await installEvents(app);
  installMetrics(app); // off (no route, no hook) unless METRICS_TOKEN or METRICS_PORT is set
  await installClient(app, options.clientRoot, options.clientRecheckMs, async (request, reply) => {
    const user = await documentUser(app, request, reply);
    return user ? startingDataJson(ctx, user, request.url, request.log) : undefined;
  });

  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(loginPageRoutes);
  await app.register(signOutPageRoutes);
  const authLimits: AuthLimits = {
    perIp: env.AUTH_RATE_LIMIT,
    perEmail: 10,
    windowMs: 5 * 60_000,
    ...options.authLimits,
  };
  await app.register(authRoutes, authLimits);
  await app.register(passwordResetRoutes, authLimits);
  await app.register(accountRoutes);
  await app.register(accountDataRoutes);
  await app.register(seasonRoutes);
  await app.register(teamsRoutes);
  await app.register(gamesRoutes);
  await app.register(contestsRoutes);
  await app.register(messagesRoutes);
  await app.register(seasonReviewRoutes);
  await app.register(sharePageRoutes);
  await app.register(usersRoutes);
  await app.register(calendarRoutes);
  await app.register(systemConfigRoutes);
  await app.register(picksRoutes);
  await app.register(proposalsRoutes);
  await app.register(betsRoutes);
  await app.register(turnRoutes);
  await app.register(activityRoutes);
  await app.register(eventsRoutes);
  await app.register(emailRoutes);
  await app.register(feedRoutes);
  await app.register(pushRoutes);
  await app.register(unsubscribeRoutes);
  return app;
}

function createFeed(
  ctx: AppContext,
  env: Env,
  log: FastifyBaseLogger,
  options: AppOptions["feed"] = {},
): Feed & { poller: FeedPoller | null } {
  if (env.FEED_URL === "off" && !options.provider) return { provider: null, poller: null };
  const provider =
    options.provider ??
    new EspnProvider({
      baseUrl: env.FEED_URL,
      timeoutMs: options.timeoutMs,
      userAgent: `FootballPool/1.0 (+${env.PUBLIC_URL ?? "https://github.com/football-pool"})`,
    });
  const poller = new FeedPoller(ctx, provider, {
    liveIntervalMs: env.FEED_LIVE_INTERVAL_S * 1000,
    log,
    random: options.random,
  });
  return { provider, poller };
}
