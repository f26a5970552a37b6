import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationKinds } from "@/contracts/notifications";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn } from "../feed-stand-in";
import { contests } from "../../src/server/db/schema";
import { unsubscribeLinks } from "../../src/server/services/unsubscribe";
import { createTestApp } from "../setup/test-app";

/**
 * The access matrix (docs/reliability.md, "Access matrix"): every API route, who may call it, and the status
 * each caller gets. One test per route and caller; a route the app serves that is missing from the table (or
 * a row for a route that no longer exists) fails the coverage test.
 */
// The data feed on a stand-in that lists nothing, so that "Sync now" runs to its end; its poller is
// stopped (the stream rows make the app listen, which would start it).
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, db } = await createTestApp({ env: { FEED_URL: standIn.url } });
await app.feed.poller!.stop();

/** A link's path and query, as a request to this app asks for it. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const ROLES = ["signedOut", "player1", "player2", "outsider", "admin"] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

const PASSWORD = "correct horse battery";
const CREATION_PASSWORD = "let me in";

interface Call {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: object | FormData;
  /** Another session of the caller (routes that end the session). */
  cookie?: string;
}

interface Row {
  route: string;
  expect: Expected;
  /** Builds the request afresh for each caller, so state-changing calls do not depend on each other. */
  call: (who: SignedIn | null) => Promise<Omit<Call, "method">> | Omit<Call, "method">;
  /** A response that never ends (server-sent events): a signed-in caller's is read over real HTTP. */
  stream?: true;
}

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
let spare: SignedIn;
let contestId: string;
let pickGameId: string;
let teams: string[];

const users = (): Record<Role, SignedIn | null> => ({
  signedOut: null,
  player1: alice,
  player2: bob,
  outsider,
  admin,
});

async function send(call: Call, who: SignedIn | null) {
  const cookie = call.cookie ?? who?.cookie;
  return app.inject({
    method: call.method,
    url: call.url,
    payload: call.payload as never,
    headers: cookie ? { cookie } : {},
  });
}

/** Opens a stream on a listening server, reads its status and content type, and hangs up. */
async function openStream(url: string, cookie: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    get(`http://127.0.0.1:${port}${url}`, { agent: false, headers: { cookie } }, (response) => {
      resolve({ statusCode: response.statusCode!, body: response.headers["content-type"] ?? "" });
      response.destroy();
    }).on("error", reject);
  });
}

async function ok(call: Call, who: SignedIn, status: number) {
  const response = await send(call, who);
  if (response.statusCode !== status)
    throw new Error(`${call.method} ${call.url}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

let counter = 0;
const next = () => (counter += 1);

/** A contest of alice against bob, still waiting for bob. */
const pendingContest = async (options: { tiebreaker?: boolean } = {}) =>
  (
    await ok(
      {
        method: "POST",
        url: "/api/contests",
        payload: {
          name: `Matrix ${next()}`,
          description: "",
          player2Email: bob.email,
          defaultBetAmount: 10,
          maxPicksPerPlayer: 2,
          contestCreationPassword: CREATION_PASSWORD,
          ...options,
        },
      },
      alice,
      201,
    )
  ).id;

/** A contest of alice against bob, accepted by bob. */
async function activeContest(firstPicker?: SignedIn, options: { tiebreaker?: boolean } = {}) {
  const id = await pendingContest(options);
  await ok({ method: "PATCH", url: `/api/contests/${id}`, payload: { status: "active" } }, bob, 200);
  if (firstPicker) {
    const payload = { contestId: id, week: 1, firstPickerId: firstPicker.id };
    await ok({ method: "POST", url: "/api/admin/first-picker-assignments", payload }, admin, 200);
  }
  return id;
}

/** A contest of alice against bob played to its end (marked so: its weeks are not played here). */
async function completedContest() {
  const id = await activeContest();
  await db.update(contests).set({ status: "completed" }).where(eq(contests.id, id));
  return id;
}

/** A made-up week-22 matchup, different on every call. */
function matchup() {
  const n = next();
  const home = teams[n % teams.length]!;
  const away = teams[(n + 1 + Math.floor(n / teams.length)) % teams.length]!;
  if (home === away) return matchup();
  return { week: 22, season: 2025, homeTeam: home, awayTeam: away, gameDate: "2026-02-08T23:30:00.000Z" };
}

const freshGame = async () =>
  (await ok({ method: "POST", url: "/api/games", payload: matchup() }, admin, 201)).id;

/** A session of its own, for the routes that end the caller's session. */
async function ownSession(who: SignedIn | null) {
  if (!who) return undefined;
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: who.email, password: PASSWORD },
  });
  const cookie = response.cookies.find((c) => c.name === "fp_session");
  if (!cookie) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return `fp_session=${cookie.value}`;
}

/** A live session id of the caller's own (another device, signed in for the call), as the list names it. */
async function ownDeviceId(who: SignedIn | null) {
  if (!who) return "0123456789abcdef";
  const cookie = await ownSession(who);
  const mine = await app.inject({ url: "/api/account/sessions", headers: { cookie: cookie! } });
  // The new session is the one the other cookie calls "this device".
  const id = mine.json<{ id: string; current: boolean }[]>().find((device) => device.current)!.id;
  return id;
}

/** The token of an e-mail change asked for by a fresh account (the link's, read from the outbox). */
async function emailChangeToken() {
  const owner = await signUp(app, { email: `mover${next()}@example.com`, password: PASSWORD });
  const newEmail = `moved${counter}@example.com`;
  await ok(
    { method: "POST", url: "/api/account/email", payload: { newEmail, currentPassword: PASSWORD } },
    owner,
    202,
  );
  const page = await app.inject({ url: "/api/admin/outbox?limit=10", headers: { cookie: admin.cookie } });
  const mail = page
    .json<{ entries: { kind: string; toAddress: string; body: string }[] }>()
    .entries.find((entry) => entry.kind === "email-change" && entry.toAddress === newEmail)!;
  return /#token=([\w-]+)/.exec(mail.body)![1]!;
}

/** A player of the contest picks in it: the caller is made first picker of a fresh contest. */
async function pickContest(who: SignedIn | null) {
  return who === alice || who === bob ? activeContest(who) : contestId;
}

const all = (status: number): Expected => ({
  signedOut: status,
  player1: status,
  player2: status,
  outsider: status,
  admin: status,
});
const pushSubscription = (endpoint: string) => ({
  endpoint,
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
});
const signedIn = (status: number): Expected => ({ ...all(status), signedOut: 401 });
const adminOnly = (status: number): Expected => ({ ...all(403), signedOut: 401, admin: status });
/** Contest-scoped: the contest does not exist for anyone but its players and the admins. */
const inContest = (players: number, adminStatus = players): Expected => ({
  signedOut: 401,
  player1: players,
  player2: players,
  outsider: 404,
  admin: adminStatus,
});

const TABLE: Row[] = [
  // Public: /api/login, /api/auth/*, /api/health, /api/ready, the API's document.
  { route: "GET /api/health", expect: all(200), call: () => ({ url: "/api/health" }) },
  // Readiness: the test database answers and has every migration applied.
  { route: "GET /api/ready", expect: all(200), call: () => ({ url: "/api/ready" }) },
  // The API's description and its reference page: public, they hold no secret.
  { route: "GET /api/openapi.json", expect: all(200), call: () => ({ url: "/api/openapi.json" }) },
  { route: "GET /api/docs", expect: all(200), call: () => ({ url: "/api/docs" }) },
  { route: "GET /api/docs/scalar.js", expect: all(200), call: () => ({ url: "/api/docs/scalar.js" }) },
  // The test app has no built client: the sign-in page answers 503, but never 401.
  { route: "GET /api/login", expect: all(503), call: () => ({ url: "/api/login" }) },
  // A page with a Sign Out button: opening it changes nothing, signed in or not.
  { route: "GET /api/logout", expect: all(200), call: () => ({ url: "/api/logout" }) },
  // Its button: ends the session (if any) and sends the browser to sign in.
  {
    route: "POST /api/logout",
    expect: all(303),
    call: async (who) => ({ url: "/api/logout", cookie: await ownSession(who) }),
  },
  {
    route: "POST /api/auth/register",
    expect: all(201),
    call: () => ({
      url: "/api/auth/register",
      payload: { email: `new${next()}@example.com`, firstName: "New", lastName: "Comer", password: PASSWORD },
    }),
  },
  {
    route: "POST /api/auth/login",
    expect: all(200),
    call: () => ({ url: "/api/auth/login", payload: { email: spare.email, password: PASSWORD } }),
  },
  {
    route: "POST /api/auth/logout",
    expect: all(204),
    call: async (who) => ({ url: "/api/auth/logout", cookie: await ownSession(who) }),
  },
  { route: "GET /api/auth/user", expect: signedIn(200), call: () => ({ url: "/api/auth/user" }) },
  // Live updates: every signed-in user has a stream, carrying only what concerns them.
  { route: "GET /api/events", expect: signedIn(200), call: () => ({ url: "/api/events" }), stream: true },

  // Any signed-in user.
  { route: "GET /api/season", expect: signedIn(200), call: () => ({ url: "/api/season" }) },
  { route: "GET /api/teams", expect: signedIn(200), call: () => ({ url: "/api/teams" }) },
  {
    route: "GET /api/games/week/:week/season/:season",
    expect: signedIn(200),
    call: () => ({ url: "/api/games/week/1/season/2025" }),
  },
  // Where the line went: any game's, to anyone signed in.
  {
    route: "GET /api/games/:id/line-history",
    expect: signedIn(200),
    call: () => ({ url: `/api/games/${pickGameId}/line-history` }),
  },
  {
    route: "GET /api/games/season/:season/closing-lines",
    expect: signedIn(200),
    call: () => ({ url: "/api/games/season/2025/closing-lines" }),
  },
  { route: "GET /api/users", expect: signedIn(200), call: () => ({ url: "/api/users" }) },
  { route: "GET /api/contests", expect: signedIn(200), call: () => ({ url: "/api/contests" }) },
  {
    route: "GET /api/contest-creation",
    expect: signedIn(200),
    call: () => ({ url: "/api/contest-creation" }),
  },
  {
    route: "POST /api/contests",
    expect: signedIn(201),
    call: () => ({
      url: "/api/contests",
      payload: {
        name: `Open ${next()}`,
        description: "",
        // Nobody signed up: creating it makes the caller share a contest with no one here.
        player2Email: `invitee${counter}@example.com`,
        defaultBetAmount: 10,
        maxPicksPerPlayer: 2,
        contestCreationPassword: CREATION_PASSWORD,
      },
    }),
  },
  // Each player's own calendar feed: its address, a new one, and the feed itself (its token is the
  // credential: anyone holding it, signed in or not).
  { route: "GET /api/me/calendar", expect: signedIn(200), call: () => ({ url: "/api/me/calendar" }) },
  {
    route: "POST /api/me/calendar/reset",
    expect: signedIn(200),
    call: () => ({ url: "/api/me/calendar/reset" }),
  },
  {
    route: "GET /api/calendar/:token.ics",
    expect: all(200),
    call: async () => {
      const link = await app.inject({ url: "/api/me/calendar", headers: { cookie: bob.cookie } });
      return { url: new URL(link.json<{ url: string }>().url).pathname };
    },
  },
  // Notifications (docs/rules.md, "Notifications"): each player's own settings and push devices.
  {
    route: "GET /api/me/notifications",
    expect: signedIn(200),
    call: () => ({ url: "/api/me/notifications" }),
  },
  {
    route: "PUT /api/me/notifications",
    expect: signedIn(200),
    call: () => {
      const on = Object.fromEntries(notificationKinds.map((kind) => [kind, true]));
      return {
        url: "/api/me/notifications",
        payload: { email: on, push: on, reminderLeadMinutes: [1440, 120] },
      };
    },
  },
  {
    route: "POST /api/me/notifications/test",
    expect: signedIn(202),
    call: () => ({ url: "/api/me/notifications/test" }),
  },
  {
    route: "GET /api/push/vapid-public-key",
    expect: signedIn(200),
    call: () => ({ url: "/api/push/vapid-public-key" }),
  },
  {
    route: "POST /api/push/subscriptions",
    expect: signedIn(204),
    call: () => ({
      url: "/api/push/subscriptions",
      payload: pushSubscription(`https://push.example.com/${next()}`),
    }),
  },
  {
    // Each caller removes a device of their own (another's answers 404: push.routes.test.ts).
    route: "DELETE /api/push/subscriptions",
    expect: signedIn(204),
    call: async (who) => {
      const subscription = pushSubscription(`https://push.example.com/${next()}`);
      if (who) {
        const stored = await app.inject({
          method: "POST",
          url: "/api/push/subscriptions",
          payload: subscription,
          headers: { cookie: who.cookie },
        });
        expect(stored.statusCode).toBe(204);
      }
      return { url: "/api/push/subscriptions", payload: { endpoint: subscription.endpoint } };
    },
  },
  // A one-click unsubscribe from a reminder e-mail: the signed link is the credential (anyone holding
  // it, signed in or not); opening it changes nothing, posting to it turns bob's reminder e-mails off.
  {
    route: "GET /api/notifications/unsubscribe",
    expect: all(200),
    call: async () => ({ url: pathOf((await unsubscribeLinks(app.ctx))(bob.id, "reminder")) }),
  },
  {
    route: "POST /api/notifications/unsubscribe",
    expect: all(200),
    call: async () => ({ url: pathOf((await unsubscribeLinks(app.ctx))(bob.id, "reminder")) }),
  },
  // A player's record: for those who find her in their list of people (the outsider does not: 404).
  {
    route: "GET /api/users/:id/record",
    expect: { signedOut: 401, player1: 200, player2: 200, outsider: 404, admin: 200 },
    call: () => ({ url: `/api/users/${alice.id}/record` }),
  },
  // A player edits their own names; bob shares a contest with alice (403), the outsider does not see her (404).
  {
    route: "PUT /api/users/:id",
    expect: { signedOut: 401, player1: 200, player2: 403, outsider: 404, admin: 200 },
    call: () => ({ url: `/api/users/${alice.id}`, payload: { firstName: "Alice", lastName: "Player" } }),
  },

  // Contest-scoped.
  {
    route: "GET /api/contests/:id",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}` }),
  },
  {
    route: "PATCH /api/contests/:id",
    // Only the invited player answers an invitation.
    expect: { signedOut: 401, player1: 403, player2: 200, outsider: 404, admin: 403 },
    call: async () => ({ url: `/api/contests/${await pendingContest()}`, payload: { status: "active" } }),
  },
  {
    // Either player proposes a completed contest's rematch; an admin looking on may not (403).
    route: "POST /api/contests/:id/rematch",
    expect: inContest(201, 403),
    call: async () => ({ url: `/api/contests/${await completedContest()}/rematch` }),
  },
  {
    route: "GET /api/contests/:id/first-picker/:week",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/first-picker/1` }),
  },
  {
    route: "GET /api/contests/:id/messages",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/messages` }),
  },
  {
    route: "POST /api/contests/:id/messages",
    expect: inContest(201),
    call: () => ({ url: `/api/contests/${contestId}/messages`, payload: { body: "See you Sunday." } }),
  },
  {
    // Alice wrote it: she and an admin may delete it, her opponent may not (403).
    route: "DELETE /api/contests/:id/messages/:messageId",
    expect: { signedOut: 401, player1: 204, player2: 403, outsider: 404, admin: 204 },
    call: async () => {
      const url = `/api/contests/${contestId}/messages`;
      const message = await ok({ method: "POST", url, payload: { body: "Bold words." } }, alice, 201);
      return { url: `${url}/${message.id}` };
    },
  },
  {
    // Anyone signed in: their own recaps (none for an admin or an outsider).
    route: "GET /api/recaps",
    expect: { signedOut: 401, player1: 200, player2: 200, outsider: 200, admin: 200 },
    call: () => ({ url: "/api/recaps" }),
  },
  {
    // A completed contest's season in review: its players and the admins.
    route: "GET /api/contests/:id/review",
    expect: inContest(200),
    call: async () => ({ url: `/api/contests/${await completedContest()}/review` }),
  },
  {
    // Either player shares it (a fresh contest each: 201, a link made); an admin looking on may not.
    route: "POST /api/contests/:id/share",
    expect: inContest(201, 403),
    call: async () => ({ url: `/api/contests/${await completedContest()}/share` }),
  },
  {
    route: "DELETE /api/contests/:id/share",
    expect: inContest(204, 403),
    call: async () => ({ url: `/api/contests/${await completedContest()}/share` }),
  },
  {
    route: "GET /api/contests/:id/rivalry",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/rivalry` }),
  },
  {
    route: "GET /api/contests/:id/tiebreak",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/tiebreak?week=1` }),
  },
  {
    // A guess is a player's own (admin 403).
    route: "PUT /api/contests/:id/tiebreak",
    expect: inContest(200, 403),
    call: async () => ({
      url: `/api/contests/${await activeContest(undefined, { tiebreaker: true })}/tiebreak`,
      payload: { week: 1, guess: 44 },
    }),
  },
  {
    route: "GET /api/contests/:id/current-round/:week",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/current-round/1` }),
  },
  {
    // The caller's own picks against the opponent's: only a player has a side (admin 403).
    route: "GET /api/contests/:id/availability/:week/:round",
    expect: inContest(200, 403),
    call: () => ({ url: `/api/contests/${contestId}/availability/1/1` }),
  },
  {
    route: "GET /api/contests/:id/picks/player/:userId",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/picks/player/${alice.id}` }),
  },
  {
    route: "GET /api/contests/:id/weekly-results",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/weekly-results` }),
  },
  {
    route: "GET /api/contests/:id/turn/:week",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/turn/1` }),
  },
  {
    route: "GET /api/contests/:id/bet-changes",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/bet-changes` }),
  },
  {
    // Only the two players propose (admin 403); one proposal waits at a time, hence a fresh contest.
    route: "POST /api/contests/:id/bet-changes",
    expect: inContest(201, 403),
    call: async () => ({
      url: `/api/contests/${await activeContest()}/bet-changes`,
      payload: { week: 2, newAmount: 30 },
    }),
  },
  {
    // Alice proposed: only her opponent answers (the proposer and the admin 403).
    route: "PATCH /api/contests/:id/bet-changes/:changeId",
    expect: { signedOut: 401, player1: 403, player2: 200, outsider: 404, admin: 403 },
    call: async () => {
      const id = await activeContest();
      const payload = { week: 2, newAmount: 30 };
      const change = await ok(
        { method: "POST", url: `/api/contests/${id}/bet-changes`, payload },
        alice,
        201,
      );
      return { url: `/api/contests/${id}/bet-changes/${change.id}`, payload: { status: "approved" } };
    },
  },
  {
    route: "GET /api/contests/:id/proposals",
    expect: inContest(200),
    call: () => ({ url: `/api/contests/${contestId}/proposals?week=1` }),
  },
  {
    // Only the two players propose extra games (admin 403); a game is proposed once, hence a fresh contest.
    route: "POST /api/contests/:id/proposals",
    expect: inContest(201, 403),
    call: async () => ({
      url: `/api/contests/${await activeContest()}/proposals`,
      payload: { gameId: pickGameId },
    }),
  },
  {
    // Alice proposed: only her opponent answers (the proposer and the admin 403).
    route: "PATCH /api/contests/:id/proposals/:proposalId",
    expect: { signedOut: 401, player1: 403, player2: 200, outsider: 404, admin: 403 },
    call: async () => {
      const id = await activeContest();
      const payload = { gameId: pickGameId };
      const proposal = await ok(
        { method: "POST", url: `/api/contests/${id}/proposals`, payload },
        alice,
        201,
      );
      return { url: `/api/contests/${id}/proposals/${proposal.id}`, payload: { status: "accepted" } };
    },
  },
  {
    // Each signed-in person's own list: what waits for their answer.
    route: "GET /api/proposals/pending",
    expect: signedIn(200),
    call: () => ({ url: "/api/proposals/pending" }),
  },
  {
    route: "POST /api/picks",
    expect: inContest(201, 403),
    call: async (who) => ({
      url: "/api/picks",
      payload: {
        contestId: await pickContest(who),
        week: 1,
        round: 1,
        gameId: pickGameId,
        market: "spread",
        side: "favorite",
      },
    }),
  },
  {
    route: "POST /api/picks/batch",
    expect: inContest(201, 403),
    call: async (who) => ({
      url: "/api/picks/batch",
      payload: {
        contestId: await pickContest(who),
        week: 1,
        round: 1,
        picks: [{ gameId: pickGameId, market: "total", side: "over" }],
      },
    }),
  },

  // Admins only (403 for everyone else signed in).
  {
    route: "DELETE /api/contests/:id",
    expect: adminOnly(204),
    call: async () => ({ url: `/api/contests/${await activeContest()}` }),
  },
  {
    // Contest editing (docs/rules.md, "Contest editing"): admins only, the contest's own players included
    // (403).
    route: "PUT /api/contests/:id",
    expect: adminOnly(200),
    call: async () => ({
      url: `/api/contests/${await activeContest()}`,
      payload: {
        name: `Edited ${next()}`,
        description: "",
        maxPicksPerPlayer: 3,
        isFree: false,
        betAmount: 15,
      },
    }),
  },
  {
    route: "PUT /api/contests/:id/bet",
    expect: adminOnly(200),
    call: async () => ({
      url: `/api/contests/${await activeContest()}/bet`,
      payload: { isFree: false, amount: 40 },
    }),
  },
  {
    route: "GET /api/admin/bet-changes",
    expect: adminOnly(200),
    call: () => ({ url: "/api/admin/bet-changes?status=proposed" }),
  },
  {
    route: "GET /api/admin/contests/:id/first-picker-assignments",
    expect: adminOnly(200),
    call: () => ({ url: `/api/admin/contests/${contestId}/first-picker-assignments` }),
  },
  {
    route: "POST /api/admin/first-picker-assignments",
    expect: adminOnly(200),
    call: async () => ({
      url: "/api/admin/first-picker-assignments",
      payload: { contestId: await activeContest(), week: 2, firstPickerId: bob.id },
    }),
  },
  { route: "GET /api/admin/activity", expect: adminOnly(200), call: () => ({ url: "/api/admin/activity" }) },
  {
    route: "POST /api/users/:id/email",
    expect: adminOnly(202),
    call: () => ({ url: `/api/users/${bob.id}/email`, payload: { subject: "Hello", message: "Hi Bob" } }),
  },
  { route: "GET /api/admin/outbox", expect: adminOnly(200), call: () => ({ url: "/api/admin/outbox" }) },
  {
    // This app has no SMTP_URL: mail is kept, and the admin, past the gate, hears that nothing sends it.
    route: "POST /api/admin/outbox/:id/retry",
    expect: adminOnly(409),
    call: async () => {
      const response = await send({ method: "GET", url: "/api/admin/outbox?limit=1" }, admin);
      const [mail] = (response.json() as { entries: { id: string }[] }).entries;
      return { url: `/api/admin/outbox/${mail!.id}/retry` };
    },
  },
  { route: "GET /api/system-config", expect: adminOnly(200), call: () => ({ url: "/api/system-config" }) },
  {
    route: "PUT /api/system-config/:key",
    expect: adminOnly(200),
    call: () => ({
      url: "/api/system-config/contest_creation_password",
      payload: { value: CREATION_PASSWORD },
    }),
  },
  { route: "GET /api/games", expect: adminOnly(200), call: () => ({ url: "/api/games" }) },
  {
    route: "POST /api/games",
    expect: adminOnly(201),
    call: () => ({ url: "/api/games", payload: matchup() }),
  },
  {
    route: "PATCH /api/games/:id",
    expect: adminOnly(200),
    call: async () => ({
      url: `/api/games/${await freshGame()}`,
      payload: { spread: "-3.5", overUnder: "44.5" },
    }),
  },
  {
    route: "DELETE /api/games/:id",
    expect: adminOnly(204),
    call: async () => ({ url: `/api/games/${await freshGame()}` }),
  },
  {
    route: "POST /api/games/:id/score",
    expect: adminOnly(200),
    call: async () => {
      const id = await freshGame();
      const payload = { status: "final", homeScore: 24, awayScore: 17, confirmFinalBeforeKickoff: true };
      await ok({ method: "PATCH", url: `/api/games/${id}`, payload }, admin, 200);
      return { url: `/api/games/${id}/score` };
    },
  },
  {
    // "Follow the feed again": the admin's pins (here the line, set by hand) are cleared.
    route: "POST /api/games/:id/follow-feed",
    expect: adminOnly(200),
    call: async () => {
      const id = await freshGame();
      const payload = { spread: "-3.5", overUnder: "44.5" };
      await ok({ method: "PATCH", url: `/api/games/${id}`, payload }, admin, 200);
      return { url: `/api/games/${id}/follow-feed` };
    },
  },
  // What the season on the clock lacks (docs/rules.md, "Season calendar").
  {
    route: "GET /api/admin/season-status",
    expect: adminOnly(200),
    call: () => ({ url: "/api/admin/season-status" }),
  },
  // The data feed (docs/rules.md, "The data feed"): its state, and "Sync now" of one week.
  { route: "GET /api/admin/feed", expect: adminOnly(200), call: () => ({ url: "/api/admin/feed" }) },
  {
    route: "POST /api/admin/feed/sync",
    expect: adminOnly(200),
    call: () => ({ url: "/api/admin/feed/sync", payload: { season: 2025, week: 1 } }),
  },
  {
    route: "POST /api/games/import-csv",
    expect: adminOnly(200),
    call: () => {
      const game = matchup();
      const csv = `week,season,homeTeam,awayTeam,gameDate\n22,2025,${game.homeTeam},${game.awayTeam},${game.gameDate}\n`;
      const form = new FormData();
      form.append("csvFile", new Blob([csv], { type: "text/csv" }), "games.csv");
      return { url: "/api/games/import-csv", payload: form };
    },
  },
  // Password reset (public, under /api/auth): the same answer whoever asks.
  {
    route: "POST /api/auth/password-reset/request",
    expect: all(200),
    call: () => ({ url: "/api/auth/password-reset/request", payload: { email: spare.email } }),
  },
  {
    route: "POST /api/auth/password-reset/check",
    expect: all(200),
    call: () => ({ url: "/api/auth/password-reset/check", payload: { token: "x".repeat(43) } }),
  },
  {
    // A link works once: each caller spends a fresh one, an admin's, for an account of its own.
    route: "POST /api/auth/password-reset",
    expect: all(200),
    call: async () => {
      const owner = await signUp(app);
      const link = (await ok(
        { method: "POST", url: `/api/users/${owner.id}/reset-link` },
        admin,
        201,
      )) as unknown as { url: string };
      const token = new URL(link.url).hash.replace(/^#token=/, "");
      return { url: "/api/auth/password-reset", payload: { token, password: "a fresh password" } };
    },
  },

  // Admins only (next to POST /api/users/:id/email).
  {
    route: "POST /api/users/:id/reset-link",
    expect: adminOnly(201),
    call: () => ({ url: `/api/users/${spare.id}/reset-link` }),
  },
  // The player's own account: their address, password and signed-in devices (any signed-in user,
  // on their own account only).
  { route: "GET /api/account/sign-in", expect: signedIn(200), call: () => ({ url: "/api/account/sign-in" }) },
  {
    route: "POST /api/account/email",
    expect: signedIn(202),
    call: () => ({
      url: "/api/account/email",
      // Asked for, not confirmed: the caller's address stays as it is.
      payload: { newEmail: `asked${next()}@example.com`, currentPassword: PASSWORD },
    }),
  },
  {
    // Public: the link's token is the credential, opened in any browser.
    route: "POST /api/auth/email-change/confirm",
    expect: all(200),
    call: async () => ({
      url: "/api/auth/email-change/confirm",
      payload: { token: await emailChangeToken() },
    }),
  },
  {
    route: "POST /api/account/password",
    expect: signedIn(204),
    // The same password again: the callers keep signing in with PASSWORD. It ends the caller's other
    // sessions (those `ownSession` made for earlier rows), never the one of `who.cookie`.
    call: () => ({
      url: "/api/account/password",
      payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
  },
  {
    route: "GET /api/account/sessions",
    expect: signedIn(200),
    call: () => ({ url: "/api/account/sessions" }),
  },
  {
    route: "DELETE /api/account/sessions/:id",
    expect: signedIn(204),
    call: async (who) => ({ url: `/api/account/sessions/${await ownDeviceId(who)}` }),
  },
  {
    route: "POST /api/account/sessions/sign-out-others",
    expect: signedIn(204),
    call: () => ({ url: "/api/account/sessions/sign-out-others" }),
  },
  // A player's own data and leaving (src/server/routes/account/account-data.routes.ts): each player
  // downloads only their own (5 an hour: one call per role here); the deletion is made by a fresh
  // account's session, so that the roles' own accounts stay.
  { route: "GET /api/account/export", expect: signedIn(200), call: () => ({ url: "/api/account/export" }) },
  {
    route: "GET /api/account/export.csv",
    expect: signedIn(200),
    call: () => ({ url: "/api/account/export.csv" }),
  },
  {
    route: "GET /api/account/deletion-check",
    expect: signedIn(200),
    call: () => ({ url: "/api/account/deletion-check" }),
  },
  {
    route: "DELETE /api/account",
    expect: signedIn(204),
    call: async (who) => ({
      url: "/api/account",
      payload: { password: PASSWORD },
      cookie: who
        ? `fp_session=${
            (
              await app.inject({
                method: "POST",
                url: "/api/auth/register",
                payload: {
                  email: `leaving${next()}@example.com`,
                  firstName: "Leaving",
                  lastName: "Soon",
                  password: PASSWORD,
                },
              })
            ).cookies.find((c) => c.name === "fp_session")!.value
          }`
        : undefined,
    }),
  },
];

/** Every METHOD + path under /api the app serves (HEAD aside), read from Fastify's route tree. */
function servedRoutes(): string[] {
  const served: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + match[2]!;
    stack.push(path);
    if (!path.startsWith("/api/")) continue;
    for (const method of match[3]!.split(", ")) if (method !== "HEAD") served.push(`${method} ${path}`);
  }
  return served;
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  outsider = await signUp(app, { email: "outsider@example.com" });
  spare = await signUp(app, { email: "spare@example.com" });
  const setPassword = { value: CREATION_PASSWORD };
  await ok(
    { method: "PUT", url: "/api/system-config/contest_creation_password", payload: setPassword },
    admin,
    200,
  );
  contestId = await activeContest();
  const week1 = (
    await app.inject({ url: "/api/games/week/1/season/2025", headers: { cookie: alice.cookie } })
  ).json<{ id: string; spread: string | null; overUnder: string | null }[]>();
  pickGameId = week1.find((game) => game.spread !== null && game.overUnder !== null)!.id;
  const teamList = (await app.inject({ url: "/api/teams", headers: { cookie: alice.cookie } })).json<
    { code: string; isActive: boolean }[]
  >();
  teams = teamList.filter((team) => team.isActive).map((team) => team.code);
});

describe("access matrix", () => {
  it("lists every API route the app serves, and no other", () => {
    const served = servedRoutes();
    const listed = TABLE.map((row) => row.route);
    expect(served.length).toBeGreaterThan(0);
    expect({
      missingFromTable: served.filter((route) => !listed.includes(route)),
      notServed: listed.filter((route) => !served.includes(route)),
      duplicated: listed.filter((route, index) => listed.indexOf(route) !== index),
    }).toEqual({ missingFromTable: [], notServed: [], duplicated: [] });
  });

  const cases = TABLE.flatMap((row) => ROLES.map((role) => ({ ...row, role, status: row.expect[role] })));

  it.each(cases)("$route as $role answers $status", async ({ route, role, status, call, stream }) => {
    const who = users()[role];
    const method = route.split(" ")[0] as Call["method"];
    const request = { method, ...(await call(who)) };
    if (stream && who) {
      const response = await openStream(request.url, who.cookie);
      expect(response.statusCode).toBe(status);
      expect(response.body).toBe("text/event-stream; charset=utf-8");
      return;
    }
    const response = await send(request, who);
    expect(response.statusCode, response.body).toBe(status);
  });
});
