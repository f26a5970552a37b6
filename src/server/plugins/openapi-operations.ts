import { z, type ZodType } from "zod";
import { apiError } from "@/contracts/errors";
import { accountExport, deletionCheck } from "@/contracts/account-data";
import { deviceSession, emailChanged, emailChangeRequested, signInMethod } from "@/contracts/account";
import { activityPage } from "@/contracts/activity";
import { passwordResetRequested, resetLink, resetLinkCheck, user } from "@/contracts/auth";
import { betChange } from "@/contracts/bets";
import { calendarLink } from "@/contracts/calendar";
import { contest } from "@/contracts/contests";
import { CONTEST_OPERATIONS } from "./openapi-contest-operations";
import { feedStatus, feedSyncResult } from "@/contracts/feed";
import { closingLines, csvImportResult, game, lineHistory, scoreResult } from "@/contracts/games";
import { notificationSettingsBody, testNotificationResult, vapidPublicKey } from "@/contracts/notifications";
import { outboxEntry, outboxPage, sentEmail } from "@/contracts/outbox";
import { pick } from "@/contracts/picks";
import { proposal } from "@/contracts/proposals";
import { seasonInfo, seasonStatus } from "@/contracts/season";
import { configEntry } from "@/contracts/system-config";
import { team } from "@/contracts/teams";
import { listedUser, playerRecord } from "@/contracts/users";

/** An answer's body: a contract's schema (JSON), another content type, or nothing. */
export type Body = ZodType | { type: string; description: string } | "none";

export interface Operation {
  tag: Tag;
  summary: string;
  description?: string;
  /** Its own answers by status; the errors any route gives are added by plugins/openapi.ts. */
  answers: Record<number, Body>;
  /**
   * Who may call it, where the handler decides rather than the hooks: a route under a public prefix
   * that still requires a session. Otherwise read from the route (plugins/openapi.ts).
   */
  access?: "signed-in";
  /** A request body that is not JSON: its content type and its fields. */
  upload?: { type: string; body: ZodType };
}

export const TAGS = {
  service: "The service itself: liveness, readiness, this document.",
  "sign-in": "Accounts: signing up, in and out, password resets.",
  account: "The signed-in player's own account, devices and data.",
  notifications: "Notification settings, push devices, unsubscribe links.",
  calendar: "Each player's private calendar feed.",
  live: "Live updates as server-sent events.",
  season: "The season, the teams and the games.",
  contests: "Contests, their weeks, picks, bets and proposals (their two players and the administrators).",
  players: "The people a player sees, and what administrators do for them.",
  admin: "Administration: the data feed, the outbox, the activity log, settings.",
} as const;
export type Tag = keyof typeof TAGS;

/** The document's named models, referenced wherever an answer carries one. */
export const MODELS: Record<string, ZodType> = {
  Error: apiError,
  User: user,
  ListedUser: listedUser,
  Contest: contest,
  Game: game,
  Team: team,
  Pick: pick,
  BetChange: betChange,
  Proposal: proposal,
  OutboxEntry: outboxEntry,
};

const html = (description: string) => ({ type: "text/html", description });
const status = z.object({ ok: z.boolean(), message: z.string().optional() });

/**
 * Every API route, keyed `METHOD /path` as Fastify registers it: what it is for and what it answers.
 * Who may call it is read from the route itself (plugins/openapi.ts); tests/api/openapi.test.ts
 * fails when a route has no entry here, or an entry no route.
 */
export const OPERATIONS: Record<string, Operation> = {
  "GET /api/health": {
    tag: "service",
    summary: "Liveness: the process and its database answer",
    description: "503 (`ok: false`) while the database does not answer.",
    answers: { 200: status, 503: status },
  },
  "GET /api/ready": {
    tag: "service",
    summary: "Readiness: this instance can serve",
    description:
      "200 once the database answers with every migration of this version applied; 503 (`ok: false`, with a message) otherwise. A load balancer sends no traffic to an instance that is not ready.",
    answers: { 200: status, 503: status },
  },
  "GET /api/openapi.json": {
    tag: "service",
    summary: "This document (OpenAPI 3.1)",
    answers: { 200: z.record(z.string(), z.unknown()) },
  },
  "GET /api/docs": {
    tag: "service",
    summary: "The API reference page for this document",
    answers: { 200: html("The reference page; its script is /api/docs/scalar.js.") },
  },
  "GET /api/docs/scalar.js": {
    tag: "service",
    summary: "The reference page's script",
    answers: { 200: { type: "application/javascript", description: "The script of /api/docs." } },
  },

  "GET /api/login": {
    tag: "sign-in",
    summary: "The sign-in page",
    description: "With OpenID Connect configured, a redirect to the provider instead.",
    answers: { 200: html("The sign-in page."), 302: "none" },
  },
  "GET /api/callback": {
    tag: "sign-in",
    summary: "Where the OpenID Connect provider sends the browser back",
    description:
      "Only with OpenID Connect configured. Signs in the account of the provider's e-mail address.",
    answers: { 302: "none" },
  },
  "GET /api/logout": {
    tag: "sign-in",
    summary: "A page with a Sign Out button",
    description: "Opening it changes nothing: its button posts to POST /api/logout.",
    answers: { 200: html("The page.") },
  },
  "POST /api/logout": {
    tag: "sign-in",
    summary: "Sign out (the Sign Out page's form), then go to the sign-in page",
    answers: { 303: "none" },
  },
  "POST /api/auth/register": {
    tag: "sign-in",
    summary: "Create an account and sign in",
    answers: { 201: user },
  },
  "POST /api/auth/login": {
    tag: "sign-in",
    summary: "Sign in with e-mail and password",
    answers: { 200: user },
  },
  "POST /api/auth/logout": { tag: "sign-in", summary: "Sign out of this session", answers: { 204: "none" } },
  "GET /api/auth/user": {
    tag: "sign-in",
    summary: "The signed-in user",
    // Under /api/auth/, which the session hook lets through: the handler requires the session.
    access: "signed-in",
    answers: { 200: user },
  },
  "POST /api/auth/password-reset/request": {
    tag: "sign-in",
    summary: "Ask for a password reset link by e-mail",
    description: "The same answer whether or not the address has an account.",
    answers: { 200: passwordResetRequested },
  },
  "POST /api/auth/password-reset/check": {
    tag: "sign-in",
    summary: "Whether a reset link still works",
    answers: { 200: resetLinkCheck },
  },
  "POST /api/auth/password-reset": {
    tag: "sign-in",
    summary: "Set a new password with a reset link, and sign in",
    answers: { 200: user },
  },
  "POST /api/auth/email-change/confirm": {
    tag: "sign-in",
    summary: "Confirm a new e-mail address with the link sent to it",
    answers: { 200: emailChanged },
  },

  "GET /api/account/sign-in": {
    tag: "account",
    summary: "How the player signs in, and an e-mail change waiting for its link",
    answers: { 200: signInMethod },
  },
  "POST /api/account/email": {
    tag: "account",
    summary: "Ask to move the account to a new e-mail address",
    answers: { 202: emailChangeRequested },
  },
  "POST /api/account/password": {
    tag: "account",
    summary: "Change the password (signs out the other devices)",
    answers: { 204: "none" },
  },
  "GET /api/account/sessions": {
    tag: "account",
    summary: "The signed-in devices",
    answers: { 200: z.array(deviceSession) },
  },
  "DELETE /api/account/sessions/:id": {
    tag: "account",
    summary: "Sign out one device",
    answers: { 204: "none" },
  },
  "POST /api/account/sessions/sign-out-others": {
    tag: "account",
    summary: "Sign out every other device",
    answers: { 204: "none" },
  },
  "GET /api/account/export": {
    tag: "account",
    summary: "Download the player's data (JSON file)",
    answers: { 200: accountExport },
  },
  "GET /api/account/export.csv": {
    tag: "account",
    summary: "Download the player's picks (CSV file)",
    answers: { 200: { type: "text/csv", description: "One line per pick." } },
  },
  "GET /api/account/deletion-check": {
    tag: "account",
    summary: "What deleting the account would do",
    answers: { 200: deletionCheck },
  },
  "DELETE /api/account": { tag: "account", summary: "Delete the account", answers: { 204: "none" } },

  "GET /api/me/notifications": {
    tag: "notifications",
    summary: "The player's notification settings",
    answers: { 200: notificationSettingsBody },
  },
  "PUT /api/me/notifications": {
    tag: "notifications",
    summary: "Save the player's notification settings",
    answers: { 200: notificationSettingsBody },
  },
  "POST /api/me/notifications/test": {
    tag: "notifications",
    summary: "Send a test notification to the player",
    answers: { 202: testNotificationResult },
  },
  "GET /api/push/vapid-public-key": {
    tag: "notifications",
    summary: "The server's Web Push public key",
    answers: { 200: vapidPublicKey },
  },
  "POST /api/push/subscriptions": {
    tag: "notifications",
    summary: "Register this browser for push notifications",
    answers: { 204: "none" },
  },
  "DELETE /api/push/subscriptions": {
    tag: "notifications",
    summary: "Stop push notifications to a browser",
    answers: { 204: "none" },
  },
  "GET /api/notifications/unsubscribe": {
    tag: "notifications",
    summary: "An e-mail's unsubscribe link: a page with one button",
    description: "The signed link is the credential. Opening it changes nothing.",
    answers: { 200: html("A page asking to confirm.") },
  },
  "POST /api/notifications/unsubscribe": {
    tag: "notifications",
    summary: "One-click unsubscribe (RFC 8058)",
    description: "The signed link is the credential. Turns off that kind of e-mail for its player.",
    answers: { 200: html("A page saying it is done.") },
  },

  "GET /api/me/calendar": {
    tag: "calendar",
    summary: "The address of the player's calendar feed",
    answers: { 200: calendarLink },
  },
  "POST /api/me/calendar/reset": {
    tag: "calendar",
    summary: "A new calendar feed address (the old one stops working)",
    answers: { 200: calendarLink },
  },
  "GET /api/calendar/:token.ics": {
    tag: "calendar",
    summary: "A player's calendar feed (iCalendar)",
    description: "The token in the address is the credential: calendar programs have no session.",
    answers: { 200: { type: "text/calendar", description: "The feed." }, 304: "none" },
  },

  "GET /api/events": {
    tag: "live",
    summary: "Live updates for the signed-in player",
    description:
      "A stream that stays open: each event's `data` is one JSON change (a game's score, a contest, a pick), carrying only what concerns the player.",
    answers: { 200: { type: "text/event-stream", description: "Server-sent events." } },
  },

  "GET /api/season": { tag: "season", summary: "The season on the clock", answers: { 200: seasonInfo } },
  "GET /api/admin/season-status": {
    tag: "season",
    summary: "What the season on the clock still lacks",
    answers: { 200: seasonStatus },
  },
  "GET /api/teams": { tag: "season", summary: "The teams", answers: { 200: z.array(team) } },
  "GET /api/games/week/:week/season/:season": {
    tag: "season",
    summary: "A week's games",
    answers: { 200: z.array(game) },
  },
  "GET /api/games": { tag: "season", summary: "Every game", answers: { 200: z.array(game) } },
  "GET /api/games/:id/line-history": {
    tag: "season",
    summary: "Where a game's line went: its opening, every move, its closing line",
    description:
      "Moves made before the kickoff, oldest first; the closing line once the game has kicked off.",
    answers: { 200: lineHistory },
  },
  "GET /api/games/season/:season/closing-lines": {
    tag: "season",
    summary: "The closing lines of a season's games that have kicked off",
    answers: { 200: closingLines },
  },
  "POST /api/games": { tag: "season", summary: "Add a game", answers: { 201: game } },
  "PATCH /api/games/:id": {
    tag: "season",
    summary: "Change a game (line, kickoff, score, status)",
    description: "What is set by hand stays pinned against the data feed.",
    answers: { 200: game },
  },
  "DELETE /api/games/:id": { tag: "season", summary: "Delete a game", answers: { 204: "none" } },
  "POST /api/games/:id/score": {
    tag: "season",
    summary: "Grade the picks of a final game",
    answers: { 200: scoreResult },
  },
  "POST /api/games/:id/follow-feed": {
    tag: "season",
    summary: "Let the data feed set a game again (clears its pins)",
    answers: { 200: game },
  },
  "POST /api/games/import-csv": {
    tag: "season",
    summary: "Import games from a CSV file",
    description: "Columns: week, season, homeTeam, awayTeam, gameDate (1 MB at most).",
    answers: { 200: csvImportResult },
    upload: {
      type: "multipart/form-data",
      body: z.object({ csvFile: z.file().mime("text/csv") }),
    },
  },

  "GET /api/users": {
    tag: "players",
    summary: "The people the caller sees",
    description: "Administrators see everyone; a player sees themself and their opponents.",
    answers: { 200: z.array(listedUser) },
  },
  "GET /api/users/:id/record": {
    tag: "players",
    summary: "A player's wins and losses",
    answers: { 200: playerRecord },
  },
  "PUT /api/users/:id": {
    tag: "players",
    summary: "Change a player's names",
    description: "Players change their own; administrators anyone's.",
    answers: { 200: listedUser },
  },
  "POST /api/users/:id/reset-link": {
    tag: "players",
    summary: "A password reset link to hand to a player",
    answers: { 201: resetLink },
  },
  "POST /api/users/:id/email": { tag: "players", summary: "E-mail a player", answers: { 202: sentEmail } },

  ...CONTEST_OPERATIONS,

  "GET /api/admin/feed": { tag: "admin", summary: "The data feed's state", answers: { 200: feedStatus } },
  "POST /api/admin/feed/sync": {
    tag: "admin",
    summary: "Sync now: a week, a season, or every unsettled week",
    answers: { 200: feedSyncResult },
  },
  "GET /api/admin/activity": { tag: "admin", summary: "The activity log", answers: { 200: activityPage } },
  "GET /api/admin/outbox": { tag: "admin", summary: "The outbox of e-mails", answers: { 200: outboxPage } },
  "POST /api/admin/outbox/:id/retry": {
    tag: "admin",
    summary: "Send a failed e-mail again",
    answers: { 200: outboxEntry },
  },
  "GET /api/system-config": { tag: "admin", summary: "The settings", answers: { 200: z.array(configEntry) } },
  "PUT /api/system-config/:key": { tag: "admin", summary: "Change a setting", answers: { 200: configEntry } },
};
