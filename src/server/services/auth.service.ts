import { hash as digest, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { LoginBody, RegisterBody, User } from "@/contracts/auth";
import type { AppContext } from "../context";
import { Batcher, itself } from "../db/batcher";
import type { Database } from "../db/client";
import { readCache } from "../db/read-cache";
import { conflict, unauthorized } from "../errors";
import * as sessionsRepo from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";
import { rememberVisibleContests } from "./contest-data.service";
import { checkNewPassword } from "./password-policy";
import * as limits from "./sign-in-limits.service";
import type { KnownDevice } from "./sign-in-limits.service";

/** A session as the read cache holds it (topic `sessions`, by session id). */
export type CachedSession = { expiresAt: Date; user: UserRow };

export const SESSION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;
/** Rolling sessions are pushed forward at most once a day, not on every request. */
const EXTEND_AFTER = DAY;
const BAD_LOGIN = "Invalid email or password.";
// Verified against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = await hash("not-a-real-password-but-a-real-hash");

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A user row's JSON (toUser's), made once per row: rows come from the read cache, and a change to a
 * user replaces its row there (decision 020).
 */
const userJson = new WeakMap<UserRow, string>();

export function toUserJson(row: UserRow): string {
  let json = userJson.get(row);
  if (json === undefined) {
    json = JSON.stringify(toUser(row));
    userJson.set(row, json);
  }
  return json;
}

export function sessionIdOf(token: string): string {
  return digest("sha256", token, "hex");
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** The device a session is signed in from, as its request names it. */
export interface Device {
  userAgent?: string | undefined;
  /** The device cookie's token, when the browser signed in to an account before. */
  deviceToken?: string | undefined;
}

/** Starts a session for a user on a device: the token for its cookie (only its hash is stored). */
export async function startSession(
  ctx: AppContext,
  userId: string,
  device: Device = {},
): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY);
  await sessionsRepo.insertSession(ctx.db, sessionIdOf(token), userId, expiresAt, {
    userAgent: device.userAgent?.slice(0, 500) ?? null,
    // The app's clock, as the last sight's: a replay (APP_NOW) dates both alike.
    createdAt: now,
    lastSeenAt: now,
  });
  await usersRepo.touchUser(ctx.db, userId, now);
  return { token, expiresAt };
}

function listedAsAdmin(ctx: AppContext, email: string): boolean {
  return ctx.env.ADMIN_EMAILS.includes(email.toLowerCase());
}

/** Creates an account (the very first one is an admin) and links invitations already sent to it. */
export async function findOrCreateUser(
  ctx: AppContext,
  input: { email: string; firstName: string; lastName: string; passwordHash: string | null },
): Promise<{ user: UserRow; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await usersRepo.lockUserCreation(tx);
    const existing = await usersRepo.findUserByEmail(tx, input.email);
    if (existing) return { user: existing, created: false };
    const first = !(await usersRepo.anyUserExists(tx));
    const user = await usersRepo.insertUser(tx, {
      ...input,
      email: input.email.toLowerCase(),
      isAdmin: first || listedAsAdmin(ctx, input.email),
      // The app's clock, not the database's: a replay (APP_NOW) shows its own dates.
      createdAt: ctx.clock.now(),
    });
    await usersRepo.linkInvitations(tx, user.id, user.email);
    return { user, created: true };
  });
}

/** A sign-in: the user, the session's cookie and the device's. */
export interface SignedIn {
  user: User;
  session: NewSession;
  knownDevice: KnownDevice;
}

export async function register(ctx: AppContext, body: RegisterBody, device: Device = {}): Promise<SignedIn> {
  await checkNewPassword(body.password);
  const passwordHash = await hash(body.password);
  const { user, created } = await findOrCreateUser(ctx, { ...body, passwordHash });
  if (!created) throw conflict("An account with this email already exists. Sign in instead.");
  return {
    user: toUser(user),
    session: await startSession(ctx, user.id, device),
    knownDevice: await limits.rememberDevice(ctx, user.id),
  };
}

/**
 * Signs in with a password, or says how long to wait (`{ waitMs }`) while guesses at this address
 * hold sign-ins from this device. An unknown address is answered, counted and held as a wrong
 * password is.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  device: Device = {},
): Promise<SignedIn | { waitMs: number }> {
  const email = body.email.toLowerCase();
  const row = await usersRepo.findUserByEmail(ctx.db, email);
  const admitted = await limits.admitAttempt(ctx, email, row, device.deviceToken);
  if ("waitMs" in admitted) return admitted;
  const valid = await verify(row?.passwordHash ?? DUMMY_HASH, body.password);
  if (!row || !row.passwordHash || !valid) {
    await limits.attemptFailed(ctx, admitted.attempt);
    throw unauthorized(BAD_LOGIN);
  }
  let user = row;
  if (!user.isAdmin && listedAsAdmin(ctx, user.email)) {
    await usersRepo.setAdmin(ctx.db, user.id, true);
    user = { ...user, isAdmin: true };
  }
  return {
    user: toUser(user),
    session: await startSession(ctx, user.id, device),
    knownDevice: await limits.attemptSucceeded(ctx, admitted.attempt, user.id, device.deviceToken),
  };
}

/** Signs in an account vouched for by the OpenID Connect provider, creating it on first sight. */
export async function loginExternal(
  ctx: AppContext,
  claims: { email: string; firstName: string; lastName: string },
  device: Device = {},
): Promise<NewSession> {
  const { user } = await findOrCreateUser(ctx, { ...claims, passwordHash: null });
  if (!user.isAdmin && listedAsAdmin(ctx, user.email)) await usersRepo.setAdmin(ctx.db, user.id, true);
  return startSession(ctx, user.id, device);
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await sessionsRepo.deleteSession(ctx.db, sessionIdOf(token));
}

/**
 * The ids of sessions found in the cache, by token: a cached read does not pay for hashing the token
 * at every request (decision 020). Only tokens of real sessions get in, so an entry is small
 * (a token is 43 characters); bounded like the sessions cache, emptied when full.
 */
const knownSessionIds = new Map<string, string>();
const KNOWN_SESSION_IDS = 20_000;

function rememberSessionId(token: string, sessionId: string): void {
  if (knownSessionIds.size >= KNOWN_SESSION_IDS) knownSessionIds.clear();
  knownSessionIds.set(token, sessionId);
}

/**
 * First sights of many sessions at once (a crowd arriving, every page after a restart) go to the
 * database together, as the contests' do (db/batcher.ts): one statement per 100 sessions, one at a
 * time on PGlite. A session is cached with its expiry, live or not: its reader checks the expiry.
 */
const sessionLoaders = new WeakMap<Database, Batcher<string, CachedSession>>();

function sessionLoader(ctx: AppContext): Batcher<string, CachedSession> {
  let loader = sessionLoaders.get(ctx.database);
  if (!loader) {
    const cache = readCache(ctx.database);
    loader = new Batcher(
      async (ids) => {
        // The contests each user sees come with the session: a player's first page on this instance
        // then waits for one statement, not one for the session and another for their contests.
        const version = cache.version("contests");
        const rows = await sessionsRepo.findSessionsById(ctx.db, ids);
        const found = new Map<string, CachedSession>();
        for (const [id, { expiresAt, user, contestIds }] of rows) {
          if (contestIds) rememberVisibleContests(ctx, user, contestIds, version);
          found.set(id, { expiresAt, user });
        }
        return found;
      },
      {
        concurrency: ctx.database.kind === "pglite" ? 1 : 3,
        maxBatch: 100,
        keyOf: itself,
      },
    );
    sessionLoaders.set(ctx.database, loader);
  }
  return loader;
}

/**
 * The signed-in user for a cookie's token when memory alone can say (the session cached, live and
 * not due to be pushed forward), without a promise: most requests. Undefined otherwise, for
 * `resolveSession` to answer.
 */
export function cachedSession(
  ctx: AppContext,
  token: string,
): { user: UserRow; sessionId: string } | undefined {
  const known = knownSessionIds.get(token);
  const sessionId = known ?? sessionIdOf(token);
  const cached = readCache(ctx.database).get<CachedSession>("sessions", sessionId);
  if (!cached) return undefined;
  if (known === undefined) rememberSessionId(token, sessionId);
  const now = ctx.clock.now().getTime();
  const expires = cached.expiresAt.getTime();
  if (expires <= now || now + SESSION_DAYS * DAY - expires >= EXTEND_AFTER) return undefined;
  return { user: cached.user, sessionId };
}

/** The signed-in user for a cookie's token, pushing the session's expiry forward (rolling). */
export async function resolveSession(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; sessionId: string; renewed?: Date } | null> {
  const sessionId = sessionIdOf(token);
  const now = ctx.clock.now();
  // Cached by id with its expiry (checked here); logout and user changes clear the cache.
  const cached = await readCache(ctx.database).through("sessions", sessionId, () =>
    sessionLoader(ctx).load(sessionId),
  );
  const found = cached && cached.expiresAt > now ? cached : undefined;
  if (!found) return null;
  const fresh = new Date(now.getTime() + SESSION_DAYS * DAY);
  if (fresh.getTime() - found.expiresAt.getTime() < EXTEND_AFTER) return { user: found.user, sessionId };
  await sessionsRepo.extendSession(ctx.db, sessionId, fresh, now);
  await usersRepo.touchUser(ctx.db, found.user.id, now);
  return { user: found.user, sessionId, renewed: fresh };
}
