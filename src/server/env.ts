import { z } from "zod";

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    APP_NOW: z.iso.datetime({ offset: true }).optional(),
    ADMIN_EMAILS: csv,
    PUBLIC_URL: z.url().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Football Pool <no-reply@football-pool.local>"),
    TRUST_PROXY: z.stringbool().default(false),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** The data feed's base URL (ESPN's scoreboard API), or "off". */
    FEED_URL: z
      .union([z.literal("off"), z.url({ protocol: /^https?$/ })], {
        error: 'FEED_URL must be an http(s) URL or "off"',
      })
      .default("https://site.api.espn.com/apis/site/v2/sports/football/nfl"),
    /** How often the feed polls while a game is live. */
    FEED_LIVE_INTERVAL_S: z.coerce.number().int().min(5).max(3600).default(60),
    /** How often each instance looks for pick reminders coming due; 0 turns reminders off. */
    REMINDER_INTERVAL_S: z.coerce.number().int().min(0).max(3600).default(60),
    /** Live-update streams one session, and one client address, may hold open on an instance. */
    EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(10),
    EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
    /**
     * What one connection may hold (decision 021): its request's headers, and the whole
     * request, must arrive within these; a connection silent this long, or idle between requests
     * this long, is closed. Live-update streams are exempt (src/server/routes/events).
     */
    HTTP_HEADERS_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
    HTTP_REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(30),
    HTTP_IDLE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
    HTTP_KEEP_ALIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(72),
    /** Web Push's VAPID key pair (base64url) and contact; without them a pair is made once and kept in the database. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key")
      .optional(),
    /**
     * The push services a subscription's endpoint may be on (host names; `*.` matches any
     * subdomain; `*` any host): the server posts to that address, so it must not be any address a
     * player chooses. The default is the push services of Chrome, Firefox, Edge and Safari.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default("fcm.googleapis.com,*.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com")
      .transform((list) =>
        list
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
      .optional(),
    /**
     * Prometheus metrics at /metrics, off unless one of these is set: a scrape must then carry
     * `Authorization: Bearer <METRICS_TOKEN>`; with METRICS_PORT they are served on that port
     * instead of PORT (the token still required when set).
     */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_S <= env.HTTP_REQUEST_TIMEOUT_S, {
    message:
      "HTTP_HEADERS_TIMEOUT_S must not exceed HTTP_REQUEST_TIMEOUT_S (the headers are part of the request)",
    path: ["HTTP_HEADERS_TIMEOUT_S"],
  })
  .refine((env) => !env.METRICS_PORT || env.METRICS_PORT !== env.PORT, {
    message: "METRICS_PORT must differ from PORT (the metrics are not served on the app's port)",
    path: ["METRICS_PORT"],
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together",
    path: ["VAPID_PUBLIC_KEY"],
  })
  .refine(
    (env) => [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length % 3 === 0,
    {
      message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
      path: ["OIDC_ISSUER"],
    },
  );

export type Env = z.infer<typeof envSchema>;

/** Reads the configuration once; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export function oidcEnabled(env: Env): boolean {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}
