import { asc, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/client";
import { systemConfig, users } from "../db/schema";
import type { Env } from "../env";

export const VAPID_PUBLIC_KEY = "vapid_public_key";
export const VAPID_PRIVATE_KEY = "vapid_private_key";

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

type VapidEnv = Pick<
  Env,
  "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "ADMIN_EMAILS" | "MAIL_FROM"
>;

const known = new WeakMap<Db, Promise<Vapid>>();

/**
 * The server's VAPID keys: from the environment, else the pair kept in system_config, made on first
 * use. Instances starting together both insert a pair in one statement that does nothing on a
 * conflict, then read what is there: every instance signs with the same pair.
 */
export function vapidKeys(db: Db, env: VapidEnv): Promise<Vapid> {
  let found = known.get(db);
  if (!found) {
    found = loadVapid(db, env);
    known.set(db, found);
    found.catch(() => known.delete(db));
  }
  return found;
}

async function loadVapid(db: Db, env: VapidEnv): Promise<Vapid> {
  const subject = await vapidSubject(db, env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(systemConfig)
    .values([
      { key: VAPID_PUBLIC_KEY, value: fresh.publicKey },
      { key: VAPID_PRIVATE_KEY, value: fresh.privateKey },
    ])
    .onConflictDoNothing();
  const rows = await db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(inArray(systemConfig.key, [VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const publicKey = value(VAPID_PUBLIC_KEY);
  const privateKey = value(VAPID_PRIVATE_KEY);
  if (!publicKey || !privateKey) throw new Error("VAPID keys missing from system_config");
  return { publicKey, privateKey, subject };
}

/** VAPID_SUBJECT, else mailto: the first administrator (ADMIN_EMAILS, then the oldest admin account), else MAIL_FROM's address. */
async function vapidSubject(db: Db, env: VapidEnv): Promise<string> {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  let email = env.ADMIN_EMAILS[0];
  if (!email) {
    const [admin] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    email = admin?.email;
  }
  email ??= /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${email}`;
}
