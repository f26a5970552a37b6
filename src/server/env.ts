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
    /** Live-update streams one session, and one client address, may hold open on an instance. */
    EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(10),
    EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
    /**
     * What one connection may hold (issue 19, decision 021): its request's headers, and the whole
     * request, must arrive within these; a connection silent this long, or idle between requests
     * this long, is closed. Live-update streams are exempt (src/server/routes/events).
     */
    HTTP_HEADERS_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
    HTTP_REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(30),
    HTTP_IDLE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
    HTTP_KEEP_ALIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(72),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_S <= env.HTTP_REQUEST_TIMEOUT_S, {
    message:
      "HTTP_HEADERS_TIMEOUT_S must not exceed HTTP_REQUEST_TIMEOUT_S (the headers are part of the request)",
    path: ["HTTP_HEADERS_TIMEOUT_S"],
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
