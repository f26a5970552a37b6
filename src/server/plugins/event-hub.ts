import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { GRADES, RESYNC, type GameState, type LiveEvent } from "@/contracts/events";
import type { AppContext } from "../context";
import type { Subscription } from "../db/listener";
import { readCache } from "../db/read-cache";
import { AppError } from "../errors";
import { EVENTS_CHANNEL, type ChangeNotice } from "../repositories/events.repository";
import { findLiveSessions } from "../repositories/sessions.repository";
import type { UserRow } from "../repositories/users.repository";
import type { CachedSession } from "../services/auth.service";
import { readCarriedGrades, type GradedPlayer } from "../services/carried-grades.service";
import { refreshContests } from "../services/contest-data.service";
import { weeklyAfterFinal } from "../services/weekly-results-json";
import {
  audiencesOf,
  standingsMovedBy,
  userKeys,
  type Audience,
  type StandingsMoved,
} from "../services/events.service";
import { SLICE_MS, TimeSlices } from "../event-loop-slices";
import { EventBytes, flattenSentHead, PING, writeEvent } from "./event-frames";
import { StreamLimits } from "./event-stream-limits";

declare module "fastify" {
  interface FastifyInstance {
    events: EventHub;
  }
}

/** Proxies close idle connections after a minute or so: a comment line every 25 s keeps them open. */
export const HEARTBEAT_MS = 25_000;
/**
 * The streams are beaten in this many groups, one group every HEARTBEAT_MS / BEAT_GROUPS (each
 * stream still every HEARTBEAT_MS): 10,000 streams' pings at once held a server 150-200 ms, a 25th
 * of them a second costs a few ms.
 */
export const BEAT_GROUPS = 25;
/** A score's slices with the database on the server's thread (`scoreSliceMs`). */
const SHARED_THREAD_SCORE_SLICE_MS = 10;
interface Listener {
  user: UserRow;
  sessionId: string;
  address: string;
  /** The stream's response, written to directly: one write per event, no stream in between. */
  out: ServerResponse;
  /**
   * Its connection, when the response is chunked and its head went to it at once (always but for an
   * HTTP/1.0 client, or a request pipelined behind another): events go to it as ready-made chunks.
   */
  socket: Socket | null;
  /** Its heartbeat's group (`beat`). */
  group: number;
}

/**
 * The live-update fan-out of one instance. Every change's transaction notifies the database channel
 * at commit (recordActivity; a pick submission right after it: picksSubmitted); each instance
 * listens on it and passes the event to its open streams whose user may see it. The streams carry
 * only "what changed": clients then refetch as usual; except a score update, which carries the
 * games' new states, followed for the players of the contests a final graded by their
 * `grades` event: the contests it moved and the new data of what the grades changed (decisions
 * 028, 030).
 */
export class EventHub {
  private readonly listeners = new Set<Listener>();
  /** The streams by `userKeys` of their user, and the admins': who may hear of a contest's change. */
  private readonly byKey = new Map<string, Set<Listener>>();
  private readonly admins = new Set<Listener>();
  private readonly limits: StreamLimits;
  private subscription: Subscription | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private opened = 0;
  private beats = 0;
  private closed = false;
  /** Events go out one after the other, in the order the database committed them. */
  private queue: Promise<void> = Promise.resolve();
  /** Stops holding a final's contests in memory while its score goes out (read-cache.ts `holdFinals`). */
  private unhold: (() => void) | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.limits = new StreamLimits(ctx.env);
  }

  async start(): Promise<void> {
    // With streams open, a final's contests are cleared once its score has gone out to them.
    this.unhold = readCache(this.ctx.database).holdFinals(() => this.listeners.size > 0);
    this.subscription = await this.ctx.database.listen(EVENTS_CHANNEL, {
      // One notice, or several gathered after their commits, one per line (src/server/db/numbered-notices.ts).
      onPayload: (payload) => {
        this.queue = this.queue.then(() => this.publish(payload.split("\n")));
      },
      onReconnect: () => {
        this.log.info("live updates: listening again; clients refresh everything");
        this.queue = this.queue.then(() => this.broadcast({ action: RESYNC, contestId: null }, () => true));
      },
      onError: (error) => this.log.warn({ err: error }, "live updates: database listener lost"),
    });
    this.heartbeat = setInterval(
      () => void this.beat(this.beats++ % BEAT_GROUPS),
      HEARTBEAT_MS / BEAT_GROUPS,
    );
    this.heartbeat.unref();
  }

  /**
   * Answers the request with an event stream for this user until either side closes it. The reply is
   * taken over (hijacked) and its response written to directly: with 10,000 streams, each event's
   * write through a stream piped into the response cost twice as much (decision 022). The request's
   * log line is still written when the response ends.
   */
  open(user: UserRow, sessionId: string, address: string, reply: FastifyReply): FastifyReply {
    if (this.closed) throw new AppError(503, "The server is shutting down.");
    this.limits.admit(sessionId, address);
    const out = reply.raw;
    reply.hijack();
    // The headers the reply was given so far (security headers, the request id), then the stream's.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    out.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    // Reconnect after 3 s when the connection drops; the first bytes also send the headers at once.
    out.write("retry: 3000\n\n");
    flattenSentHead(out);
    const socket = out.chunkedEncoding && out.socket ? out.socket : null;
    const listener: Listener = { user, sessionId, address, out, socket, group: this.opened++ % BEAT_GROUPS };
    this.listeners.add(listener);
    this.index(listener, true);
    this.limits.opened(sessionId, address, 1);
    out.on("close", () => {
      this.listeners.delete(listener);
      this.index(listener, false);
      this.limits.opened(sessionId, address, -1);
    });
    return reply;
  }

  /** How many streams are open (tests, health). */
  get size(): number {
    return this.listeners.size;
  }

  /**
   * One notification from the database (one or several notices, in commit order): decide who may
   * hear each, with one query for the batch, then tell them.
   */
  async publish(payloads: readonly string[]): Promise<void> {
    if (this.listeners.size === 0) {
      readCache(this.ctx.database).releaseFinals();
      return;
    }
    const notices: ChangeNotice[] = [];
    for (const payload of payloads) {
      try {
        const notice = JSON.parse(payload) as unknown;
        if (typeof notice !== "object" || notice === null) throw new Error(`not a notice: ${payload}`);
        notices.push(notice as ChangeNotice);
      } catch (error) {
        this.log.warn({ err: error }, "live updates: a notice could not be read");
      }
    }
    try {
      const audiences = await audiencesOf(this.ctx, notices);
      for (const [at, notice] of notices.entries()) {
        if (notice.games) await this.broadcastScores(notice, notice.games);
        else {
          await this.broadcast(
            { action: notice.action, contestId: notice.contestId, week: notice.week },
            audiences[at]!,
          );
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, "live updates: events could not be delivered");
    }
  }

  /**
   * Keeps the streams open and checks their sessions: a stream whose session ended (signed out,
   * password or admin rights changed, expired) is closed; the others see their user as it is now.
   * The streams of one heartbeat group, or all of them.
   */
  async beat(group?: number): Promise<void> {
    const open = [...this.listeners].filter((listener) => group === undefined || listener.group === group);
    if (open.length === 0) return;
    try {
      const users = await this.liveUsers(new Set(open.map((listener) => listener.sessionId)));
      for (const listener of open) {
        const user = users.get(listener.sessionId);
        if (!user) listener.out.end();
        // The same user as in memory before (the read cache's): nothing to index again.
        else if (!this.listeners.has(listener) || user === listener.user) continue;
        else {
          this.index(listener, false);
          listener.user = user;
          this.index(listener, true);
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, "live updates: sessions could not be checked");
    }
    // All 10,000 streams' pings (tests) take 100-200 ms: in slices, the requests served between.
    const loop = new TimeSlices();
    for (const listener of open) {
      const pause = loop.pause();
      if (pause) await pause;
      if (this.listeners.has(listener)) this.write(listener, PING);
    }
  }

  /**
   * The users of the sessions still live among these. A session in the read cache is current (every
   * write to sessions or users clears it on every instance) and only its expiry is checked; the
   * others are read in one query. A heartbeat group's sessions are mostly in memory: a stream's page
   * made requests on this instance.
   */
  private async liveUsers(sessionIds: Set<string>): Promise<Map<string, UserRow>> {
    const cache = readCache(this.ctx.database);
    const now = this.ctx.clock.now();
    const users = new Map<string, UserRow>();
    const unknown: string[] = [];
    for (const id of sessionIds) {
      const cached = cache.get<CachedSession | null>("sessions", id);
      if (cached === undefined) unknown.push(id);
      else if (cached && cached.expiresAt > now) users.set(id, cached.user);
    }
    for (const row of await findLiveSessions(this.ctx.db, unknown, now)) users.set(row.id, row.user);
    return users;
  }

  /**
   * When the server stops, each stream is told to come back after 2 to 10 s, spread at random so that
   * thousands of pages do not reconnect in the same second (decision 021).
   */
  static readonly RETRY_ON_CLOSE_MS = { min: 2_000, max: 10_000 };
  /**
   * How long the streams' last bytes may take to be handed to their connections (10,000 streams took
   * 1.6 s on 2 busy cores); a stream whose client does not take them by then is cut.
   */
  static readonly CLOSE_GRACE_MS = 4_000;

  /**
   * Stops listening and ends every stream with its retry hint (the browser's EventSource waits that
   * long before reconnecting). Resolves once every stream's end has been handed to its connection, so
   * that the server, closing next, closes their connections at once.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.unhold?.();
    const { min, max } = EventHub.RETRY_ON_CLOSE_MS;
    const streams = [...this.listeners].map(({ out }) => out);
    for (const out of streams) {
      if (!out.writableEnded && !out.destroyed)
        out.end(`retry: ${min + Math.floor(Math.random() * (max - min))}\n\n`);
    }
    await Promise.all([this.subscription?.close(), EventHub.ended(streams, EventHub.CLOSE_GRACE_MS)]);
  }

  /** Waits until the streams have ended (their bytes handed over); cuts those still open after `graceMs`. */
  private static async ended(streams: ServerResponse[], graceMs: number): Promise<void> {
    const open = streams.filter((out) => !out.destroyed);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(open.map((out) => new Promise((resolve) => out.once("close", resolve)))),
      new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    for (const out of open) out.destroy();
  }

  /**
   * A score update: the games' new states to everyone at once (serialized once), in slices, the
   * requests that arrived meanwhile served in between (10,000 streams take hundreds of ms). After a
   * final, its contests are held in memory as they were until that is done (read-cache.ts
   * `holdFinals`), then read again and put in their place (`refreshContests`, decision 035);
   * then the admins get a `grades` event naming "all" (they refetch: they see every contest), and
   * each player of the contests it graded one naming those contests, with the new data of what the
   * grades changed (decisions 028, 030), read once per user however many streams they hold.
   */
  private async broadcastScores(notice: ChangeNotice, games: GameState[]): Promise<void> {
    const cache = readCache(this.ctx.database);
    // The contests a final graded are looked up while the score goes out, not before it: the score
    // needs none of them, and every page waited for that statement over the final's picks.
    const graded = notice.graded ?? [];
    // The games as committed, before the grades are made with them: this notice comes after the
    // commit, but this instance's clear of the games (fp_cache's notice, on a connection of its own,
    // or the writer's `scoresCommitted`) may come after it, and a final's grades then carried its
    // game as it was before (upcoming, no score) beside its graded picks.
    if (graded.length) cache.clearOnly("games");
    const lookup = graded.length
      ? standingsMovedBy(this.ctx, notice).then(
          (moved): { moved: StandingsMoved } | { error: unknown } => ({ moved }),
          (error: unknown) => ({ error }),
        )
      : undefined;
    const score = new EventBytes([
      `data: ${JSON.stringify({ action: notice.action, contestId: null, games, contests: [] })}\n\n`,
    ]);
    const loop = new TimeSlices(this.scoreSliceMs());
    for (const listener of [...this.listeners]) {
      const pause = loop.pause();
      if (pause) await pause;
      this.write(listener, score);
    }
    const found = await lookup;
    if (!found || "error" in found) {
      cache.releaseFinals();
      if (found) throw found.error;
      return;
    }
    const { moved } = found;
    // What the grades changed is read now, as committed (this instance's notice of these contests,
    // fp_cache on a connection of its own, may not have come yet): the graded contests are read
    // again and put in place of those held, so that the page views meanwhile are served the
    // standings before the final rather than all reading them at once (decision 035), their weekly
    // results in memory made anew (decision 037).
    try {
      await refreshContests(this.ctx, moved.contestIds, weeklyAfterFinal(this.ctx, graded), graded);
    } catch (error) {
      this.log.warn({ err: error }, "live updates: a final's contests could not be read again");
      for (const id of moved.contestIds) cache.clearContest(id);
    }
    cache.releaseFinals();
    const grades = `data: {"action":"${GRADES}","contestId":null,"contests":`;
    const toAdmins = new EventBytes([`${grades}"all"}\n\n`]);
    for (const listener of this.admins) this.write(listener, toAdmins);
    // The players of the graded contests by user, of the streams open now (one opened while the
    // score went out may have read the standings before the final). A user's share is read once
    // for all their streams.
    const players = new Map<string, GradedPlayer & { streams: Listener[] }>();
    for (const listener of this.listeners) {
      const contests = moved(listener.user);
      if (contests === "all" || contests.length === 0) continue;
      const player = players.get(listener.user.id);
      if (player) player.streams.push(listener);
      else players.set(listener.user.id, { user: listener.user, contestIds: contests, streams: [listener] });
    }
    if (players.size === 0) return;
    // Each player's grades as soon as read; the next event waits for them all, so that every stream
    // sees the events in order. A share that cannot be read goes without data: those pages refetch.
    let failed = 0;
    await readCarriedGrades(this.ctx, graded, [...players.values()], (player, data) => {
      const { streams, contestIds } = player;
      if (data instanceof Error && failed++ === 0)
        this.log.warn({ err: data }, "live updates: a final's grades could not be read; the pages refetch");
      const named = `${grades}${JSON.stringify(contestIds)}`;
      const message = new EventBytes(
        data instanceof Error ? [`${named}}\n\n`] : [`${named},"data":`, ...data, "}\n\n"],
      );
      for (const listener of streams) this.write(listener, message);
    });
  }

  /**
   * A score's slices: SLICE_MS, but 10 ms with the database on this thread (PGlite's, before decision
   * 039): the requests served between two slices ran their statements in it, and in 4 ms slices a
   * final's score took 1.2 s to reach 99% of pages (budget 1 s), in 10 ms slices 0.8 s (decision 035).
   */
  private scoreSliceMs(): number {
    return this.ctx.database.onServerThread ? SHARED_THREAD_SCORE_SLICE_MS : SLICE_MS;
  }

  /**
   * To everyone who hears it: with the audience's keys, the streams of those users and of the
   * admins, each still tested; else every stream, in slices (requests in between).
   */
  private async broadcast(event: LiveEvent, hears: Audience): Promise<void> {
    const message = new EventBytes([`data: ${JSON.stringify(event)}\n\n`]);
    if (hears.keys) {
      const candidates = new Set(this.admins);
      for (const key of hears.keys)
        for (const listener of this.byKey.get(key) ?? []) candidates.add(listener);
      for (const listener of candidates) if (hears(listener.user)) this.write(listener, message);
      return;
    }
    const loop = new TimeSlices();
    for (const listener of [...this.listeners]) {
      const pause = loop.pause();
      if (pause) await pause;
      if (hears(listener.user)) this.write(listener, message);
    }
  }

  /** Adds a stream to the index of its user's keys and the admins', or takes it out. */
  private index(listener: Listener, add: boolean): void {
    for (const key of userKeys(listener.user)) {
      let streams = this.byKey.get(key);
      if (add) {
        if (!streams) this.byKey.set(key, (streams = new Set()));
        streams.add(listener);
      } else if (streams) {
        streams.delete(listener);
        if (streams.size === 0) this.byKey.delete(key);
      }
    }
    if (add && listener.user.isAdmin) this.admins.add(listener);
    else this.admins.delete(listener);
  }

  private write(listener: Listener, event: EventBytes): void {
    writeEvent(listener.out, listener.socket, event);
  }
}

/** Starts this instance's listener; streams end before the server closes (graceful shutdown). */
export async function installEvents(app: FastifyInstance): Promise<void> {
  const hub = new EventHub(app.ctx, app.log);
  await hub.start();
  app.decorate("events", hub);
  app.addHook("preClose", async () => hub.close());
  app.addHook("onClose", async () => hub.close());
}
