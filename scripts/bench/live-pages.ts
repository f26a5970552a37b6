// The live Sunday's simulated pages (live-sunday.ts): what a signed-in page of the dashboard, Make
// Picks or the standings (weekly results) asks the server for, built from the client's own query
// helpers (src/client/lib/queries), and pages held open on an event stream that do on each event
// what the client does (src/client/lib/apply-live-event.ts), by its shared rules: `carriedBy` is
// the data a final's `grades` event carries, written in by `withCarried` (a weekly results patch
// with no list to patch is refetched instead), `patchGames` writes a score update's games into the
// page's data, `isRefreshedBy` says what to refetch.
import http, { type ClientRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Pool, type Dispatcher } from "undici";
import { GRADES, isGameAction, RESYNC, STARTING_DATA_ID } from "@/contracts/constants";
import { readStartingData } from "@/client/app/starting-data";
import type { CarriedQuery, GameState, LiveEvent } from "@/contracts/events";
import {
  carriedBy,
  isRefreshedBy,
  patchGames,
  readLiveEvent,
  RefetchQueue,
  withCarried,
} from "@/client/lib/live-updates";
import { contestsQuery } from "@/client/lib/queries/contests";
import { currentUserQuery } from "@/client/lib/queries/current-user";
import { weekGamesQuery } from "@/client/lib/queries/games";
import {
  availabilityQuery,
  currentRoundQuery,
  firstPickerQuery,
  playerPicksQuery,
  weeklyResultsQuery,
} from "@/client/lib/queries/picks";
import { proposalsQuery } from "@/client/lib/queries/proposals";
import { seasonQuery } from "@/client/lib/queries/season";
import { turnQuery } from "@/client/lib/queries/turn";
import { usersQuery } from "@/client/lib/queries/users";

export type PageKind = "dashboard" | "picks" | "standings";
export const PAGE_KINDS: readonly PageKind[] = ["dashboard", "picks", "standings"];
const DOCUMENT: Record<PageKind, string> = { dashboard: "/", picks: "/picks", standings: "/standings" };

/** Whose page, on which contest's week. */
export interface PageSpec {
  kind: PageKind;
  cookie: string;
  userId: string;
  contestId: string;
  week: number;
  season: number;
}

interface QueryDef {
  key: readonly unknown[];
  url: string;
  /** The data the client's query holds for an answer's body: its own queryFn run on it. */
  read: (body: string) => Promise<unknown>;
}

/**
 * A client query's URL and how it reads its answer: its queryFn run against a `fetch` that records
 * what it is asked, or answers a given body (apiGet calls fetch before its first await, so the
 * stand-in is in place only for that call), so keys, URLs and data are the client's own.
 */
function defOf(options: { queryKey: readonly unknown[]; queryFn?: unknown }): QueryDef {
  const run = options.queryFn as (context: unknown) => unknown;
  const withFetch = (stand: typeof fetch) => {
    const original = globalThis.fetch;
    globalThis.fetch = stand;
    try {
      return Promise.resolve(run({ queryKey: options.queryKey, meta: undefined }));
    } finally {
      globalThis.fetch = original;
    }
  };
  // The fetch never answers: the queryFn waits for good and is collected with its promises (an error
  // here cost a stack trace and a chain of rejections per query, on the server's two cores).
  let url: string | undefined;
  void withFetch(((input: string | URL) => {
    url = String(input);
    return new Promise<Response>(() => undefined);
  }) as typeof fetch);
  if (!url) throw new Error(`No URL for ${JSON.stringify(options.queryKey)}`);
  const read = (body: string) =>
    withFetch((() => Promise.resolve(new Response(body, { status: 200 }))) as typeof fetch);
  return { key: options.queryKey, url, read };
}

/** What every signed-in page asks for first (app/preload.ts, the signed-in page's preloads). */
const STARTING = [currentUserQuery, contestsQuery, seasonQuery, usersQuery].map(defOf);

/**
 * The screen's own queries, asked for once the user and the contests have arrived: the dashboard's
 * turn (useTurns), Make Picks' prefetch (prefetch-make-picks.ts: availability for round 1, then for
 * the current round if another) and the week's turn its pick list reads, the standings' weekly
 * results. A player's page carries their answers (decision 054): they are asked for only when not.
 */
function screenQueries(spec: PageSpec): QueryDef[] {
  const { contestId: c, week, season } = spec;
  if (spec.kind === "dashboard") return [defOf(turnQuery(c, week))];
  if (spec.kind === "standings") return [defOf(weeklyResultsQuery(c))];
  return [
    defOf(firstPickerQuery(c, week)),
    defOf(currentRoundQuery(c, week)),
    defOf(proposalsQuery(c, week)),
    defOf(weekGamesQuery(week, season)),
    defOf(playerPicksQuery(c, spec.userId, week)),
    defOf(availabilityQuery(c, week, 1)),
    defOf(turnQuery(c, week)), // the pick list's deadline (pick-selection.tsx)
  ];
}

/** Queries a screen holds without reading them (no observer): an event marks them stale, not refetched. */
const isObserved = (kind: PageKind, key: readonly unknown[]) =>
  !(kind === "standings" && key[0] === "/api/season");

/** How a `grades` event naming a player's contests begins (events.ts `broadcastScores`). */
const OWN_GRADES = `{"action":"${GRADES}","contestId":null,"contests":[`;

/** One page in this many runs `patchGames` (all record their arrivals and refetch): see OpenPages. */
const PATCHED_ONE_IN = 10;
/**
 * The patches wait until no event has arrived for this long (the burst is over), or until the
 * oldest has waited PATCH_MAX_WAIT_MS: a fan-out arrives over hundreds of ms, in the servers' slices.
 */
const PATCH_QUIET_MS = 50;
const PATCH_MAX_WAIT_MS = 2_000;

export interface Answer {
  status: number;
  body: string;
}

/** A GET under way: its answer, and how to end it first (it then answers status 0). */
interface Sent {
  cancel: () => void;
  answer: Promise<Answer>;
}

const FAILED: Answer = { status: 0, body: "" };
/** Keep-alive connections to a server, at most (a flood of requests queues in the client). */
const CONNECTIONS = 256;

/**
 * GETs over a pool of keep-alive connections to one server; a failed connection answers status 0.
 * undici's, not node:http's: a browser's HTTP client runs on its own machine, and node:http's took a
 * third more of the page views' CPU on the server's two cores (1.19 ms a view against 0.90 ms,
 * decision 044).
 */
export class Http {
  private readonly pool: Pool;
  private closed = false;

  constructor(readonly port: number) {
    this.pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS });
  }

  /** Ends every request still waiting or running, and sends no more (they answer status 0). */
  abortAll(): void {
    if (this.closed) return;
    this.closed = true;
    void this.pool.destroy().catch(() => undefined);
  }

  /** A GET that can be cancelled (a page's refetch, overtaken by the data an event carried). */
  get(path: string, cookie: string): Sent {
    const controller = new AbortController();
    return {
      cancel: () => controller.abort(),
      answer: this.send(path, cookie, "application/json", controller.signal),
    };
  }

  fetch(path: string, cookie: string, accept = "application/json"): Promise<Answer> {
    return this.send(path, cookie, accept);
  }

  private send(path: string, cookie: string, accept: string, signal?: AbortSignal): Promise<Answer> {
    if (this.closed) return Promise.resolve(FAILED);
    return this.pool
      .request({
        path,
        method: "GET",
        headers: { cookie, accept, "accept-encoding": "gzip, deflate, br" },
        signal,
      })
      .then(async (response) => ({ status: response.statusCode, body: await bodyText(response) }))
      .catch(() => FAILED);
  }
}

/** A body as a browser reads it: decompressed as its Content-Encoding says (a document is). */
async function bodyText(response: Dispatcher.ResponseData): Promise<string> {
  const encoding = response.headers["content-encoding"];
  if (encoding !== "br" && encoding !== "gzip") return response.body.text();
  const bytes = Buffer.from(await response.body.arrayBuffer());
  return (encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
}

/** The starting data a player's page carries (decision 050), as app/starting-data.ts reads it. */
const STARTING_DATA = new RegExp(`<script type="application/json" id="${STARTING_DATA_ID}">([^<]*)</script>`);

/** A query as an open page holds it. */
export interface HeldQuery extends QueryDef {
  observed: boolean;
  /** The data, as the client's query holds it (undefined while a refetch's answer is being read). */
  data: unknown;
  /** A page view's answer, as it came. */
  body?: string;
  /** Its refetch under way: ends it. */
  inFlight?: () => void;
}

export interface PageLoad {
  ms: number;
  /** The statuses of the requests that failed (0: no answer). */
  failed: number[];
  /** The starting queries, the screen's, then (Make Picks) availability of the current round if another. */
  queries: HeldQuery[];
}

/**
 * One view of a page, as a browser with the app's code cached makes it: the document, then the
 * user, the contests, the season and the users (carried by a player's page, decision 050; else
 * asked for side by side, as an admin's page preloads them), then the screen's queries once the
 * user and the contests are there, then (Make Picks) availability for the current round if it is
 * not round 1. Timed from `startedAt` (the view's scheduled start).
 */
export async function viewPage(
  client: Http,
  spec: PageSpec,
  startedAt = performance.now(),
): Promise<PageLoad> {
  const failed: number[] = [];
  const page = await client.fetch(DOCUMENT[spec.kind], spec.cookie, "text/html");
  if (page.status !== 200) failed.push(page.status);
  // What the page carries is held as if answered (the client writes it into its cache, or answers
  // its screen's first requests with it: decision 054); the rest is asked for, as the client does.
  const carried = new Map(readStartingData(STARTING_DATA.exec(page.body)?.[1]).answers);
  const ask = async (def: QueryDef): Promise<HeldQuery> => {
    const observed = isObserved(spec.kind, def.key);
    if (carried.has(def.url)) {
      const body = JSON.stringify(carried.get(def.url));
      carried.delete(def.url);
      return { ...def, observed, data: undefined, body };
    }
    const answer = await client.fetch(def.url, spec.cookie);
    if (answer.status !== 200) failed.push(answer.status);
    const query: HeldQuery = { ...def, observed, data: undefined };
    if (answer.status === 200) query.body = answer.body;
    return query;
  };
  const starting = STARTING.map(ask);
  await Promise.all(starting.slice(0, 2)); // the user and the contests
  const held = await Promise.all([...starting, ...screenQueries(spec).map(ask)]);
  if (spec.kind === "picks") {
    const round = held.find((query) => query.key.includes("current-round"))?.body;
    const current = round ? (JSON.parse(round) as { currentRound?: number }).currentRound : undefined;
    if (current !== undefined && current !== 1) {
      held.find((query) => query.key.includes("availability"))!.observed = false;
      held.push(await ask(defOf(availabilityQuery(spec.contestId, spec.week, current))));
    }
  }
  return { ms: performance.now() - startedAt, failed, queries: held };
}

/**
 * An update as the page saw it: the event's arrival, and the refetches it asked for; once they have
 * completed, the time goes into `times[update]` (the page's row of `visible` or of `standings`).
 */
interface Waiting {
  update: number;
  arrivedAt: number;
  queries: Set<HeldQuery>;
  times: Float64Array;
}

export interface PagesStats {
  events: number;
  eventsWithGames: number;
  /** Events whose games' states were not the update's the page counted them as (order lost). */
  mismatched: number;
  refetches: number;
  /** Queries written with the data a final's `grades` event carried instead of refetched (decisions 028, 030). */
  written: number;
  /** `grades` events (a final's, to its contests' players: decision 030). */
  grades: number;
  /** Weekly results patches (`fromWeek`) that met no list to patch: the query refetched instead, if observed. */
  unpatched: number;
  /** The statuses of the refetches that failed (0: no answer). */
  refetchFailures: number[];
  /** Fetches in flight cancelled by the data an event carried. */
  cancelled: number;
  /** Refetches asked for while the same query's was under way: it went once more instead. */
  coalesced: number;
  dropped: number;
  patchedPages: number;
  patchMs: number;
  /** This process's time in the streams' data callbacks (each message read, its refetches started). */
  readMs: number;
}

/** One update's expected state of a probe game, to check that events are matched to updates. */
export type ProbeState = Pick<GameState, "id" | "homeScore" | "awayScore" | "clock">;

/**
 * The open pages: each holds its queries' data and one event stream, and on an event does what
 * use-live-updates does. A page has seen update k once its k-th game event has arrived and the
 * refetches the rule asked for (if any) have completed, each started after that arrival; a
 * refetch of a query already being refetched goes once more when that one ends (`RefetchQueue`, as
 * `applyLiveEvent` does).
 * A final's `grades` event (decision 030), after its score update's, is timed apart: the page's
 * standings are up to date with the update's grades once it has arrived and the refetches it asked
 * for (none when the data it carries could all be written in) have completed (`standings`).
 * The arrival is taken first; `patchGames` (client work only, nothing the server sees) runs in
 * batches after the burst of arrivals, and on one page in ten: on 10,000 pages it would take seconds
 * of these two cores per update, which 10,000 browsers spend on their own. Its cost per page is
 * reported.
 */
export class OpenPages {
  readonly stats: PagesStats = {
    events: 0,
    eventsWithGames: 0,
    mismatched: 0,
    refetches: 0,
    written: 0,
    grades: 0,
    unpatched: 0,
    refetchFailures: [],
    cancelled: 0,
    coalesced: 0,
    dropped: 0,
    patchedPages: 0,
    patchMs: 0,
    readMs: 0,
  };
  /** visible[page][update]: when the page showed the update (performance.now()), NaN until then. */
  readonly visible: Float64Array[];
  /** refetched[page][update]: how many queries the update's game event made the page refetch. */
  readonly refetched: Uint8Array[];
  /**
   * standings[page][update]: when the page's standings were up to date with the grades of the
   * update's finals (its `grades` event's arrival, or the completion of the refetches that event
   * asked for), NaN until then, and for a page that got no `grades` event for it.
   */
  readonly standings: Float64Array[];
  /**
   * graded[page][update]: 0 when the page got no `grades` event after the update's game event, else
   * 1 + how many queries that event made it refetch (up to 254).
   */
  readonly graded: Uint8Array[];
  private readonly queries: HeldQuery[][];
  /** Each page's queries by their key's text, as the client's cache finds a query by its hash. */
  private readonly byKey: Map<string, HeldQuery>[];
  private readonly gameEvents: Int32Array;
  private readonly waiting: Waiting[][];
  private readonly streams: (ClientRequest | undefined)[];
  /** Each page's refetches under way (made when first needed). */
  private readonly queues: (RefetchQueue | undefined)[];
  private readonly parsed = new Map<string, LiveEvent | null>();
  private patches: { page: number; states: Map<string, GameState> }[] = [];
  private patchTimer: NodeJS.Timeout | undefined;
  /** When the first patch waiting arrived, and the last (performance.now()). */
  private patchesSince = 0;
  private lastPatchAt = 0;
  private counting = false;
  private closed = false;
  private streamsOpen = 0;

  constructor(
    readonly specs: readonly PageSpec[],
    private readonly clients: readonly Http[],
    /** Which instance page i talks to. */
    private readonly instanceOf: (page: number) => number,
    readonly updates: number,
    private readonly probes: readonly ProbeState[],
  ) {
    this.visible = specs.map(() => new Float64Array(updates).fill(Number.NaN));
    this.refetched = specs.map(() => new Uint8Array(updates));
    this.standings = specs.map(() => new Float64Array(updates).fill(Number.NaN));
    this.graded = specs.map(() => new Uint8Array(updates));
    this.queries = specs.map(() => []);
    this.byKey = specs.map(() => new Map());
    this.gameEvents = new Int32Array(specs.length);
    this.waiting = specs.map(() => []);
    this.streams = specs.map(() => undefined);
    this.queues = specs.map(() => undefined);
  }

  /**
   * Loads every page for real, `concurrency` at a time, each from the instance it talks to: the
   * document and its queries as `viewPage` asks for them, its data held as the client's queries hold
   * it. 10,000 open pages are 10,000 page loads the server has served, and what they read it keeps
   * as far as its caches hold. Answers the requests that failed.
   */
  async load(concurrency: number): Promise<number[]> {
    const failed: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < this.specs.length) {
        const index = next++;
        const loaded = await viewPage(this.client(index), this.specs[index]!);
        failed.push(...loaded.failed);
        this.queries[index] = await Promise.all(
          loaded.queries.map(async ({ body, ...query }) => ({
            ...query,
            data: body === undefined ? undefined : await query.read(body),
          })),
        );
        const byKey = this.byKey[index]!;
        for (const query of this.queries[index]!) {
          const text = JSON.stringify(query.key);
          if (!byKey.has(text)) byKey.set(text, query);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return failed;
  }

  /**
   * Opens every page's event stream, `concurrency` at a time, spread over loopback source addresses
   * (127.0.0.2, ...) so that none holds more than `perAddress` (the server's default limit per
   * address stays as it is). Answers the streams refused.
   */
  async open(concurrency: number, perAddress: number): Promise<number> {
    let next = 0;
    let refused = 0;
    const worker = async () => {
      while (next < this.specs.length) {
        const index = next++;
        if (!(await this.openStream(index, perAddress))) refused += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return refused;
  }

  private client(index: number): Http {
    return this.clients[this.instanceOf(index)]!;
  }

  private openStream(index: number, perAddress: number): Promise<boolean> {
    const address = 2 + Math.floor(index / perAddress);
    const localAddress = `127.0.${Math.floor(address / 256)}.${address % 256}`;
    return new Promise((resolve) => {
      const request = http.get({
        host: "127.0.0.1",
        port: this.client(index).port,
        path: "/api/events",
        agent: false,
        localAddress,
        headers: { cookie: this.specs[index]!.cookie, accept: "text/event-stream" },
      });
      this.streams[index] = request;
      request.on("error", () => resolve(false));
      request.on("response", (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(false);
          return;
        }
        this.streamsOpen += 1;
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          const arrivedAt = performance.now();
          this.stats.readMs -= arrivedAt;
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            this.onBlock(index, block, arrivedAt);
            end = buffer.indexOf("\n\n");
          }
          this.stats.readMs += performance.now();
        });
        response.on("close", () => {
          this.streamsOpen -= 1;
          if (!this.closed) this.stats.dropped += 1;
        });
        resolve(true);
      });
    });
  }

  /** How many streams are open now. */
  get openStreams(): number {
    return this.streamsOpen;
  }

  /** From now on, game events count as the run's updates, in order. */
  startCounting(): void {
    this.gameEvents.fill(0);
    this.counting = true;
  }

  /**
   * Whether every page has seen every update so far (`upTo` of them), and has its standings up to
   * date with the grades of those it got a `grades` event for.
   */
  allVisible(upTo = this.updates): boolean {
    return this.visible.every((times, page) => {
      const standings = this.standings[page]!;
      const graded = this.graded[page]!;
      for (let k = 0; k < upTo; k += 1) {
        if (Number.isNaN(times[k]!)) return false;
        if (graded[k]! > 0 && Number.isNaN(standings[k]!)) return false;
      }
      return true;
    });
  }

  /** Ends every stream and fetch. */
  close(): void {
    this.closed = true;
    clearTimeout(this.patchTimer);
    for (const stream of this.streams) stream?.destroy();
    for (const queries of this.queries) for (const query of queries) query.inFlight?.();
    for (const client of this.clients) client.abortAll();
  }

  private onBlock(index: number, block: string, arrivedAt: number): void {
    let data: string | undefined;
    for (const line of block.split("\n")) {
      if (!line.startsWith("data:")) continue;
      const value = line.startsWith("data: ") ? line.slice(6) : line.slice(5);
      data = data === undefined ? value : `${data}\n${value}`;
    }
    if (data === undefined) return; // a comment (the heartbeat) or the retry line
    const event = this.read(data);
    if (!event) return;
    this.stats.events += 1;
    let update = -1;
    if (this.counting && event.action !== RESYNC && isGameAction(event.action)) {
      update = this.gameEvents[index]!;
      this.gameEvents[index] = update + 1;
    }
    if (event.games) {
      this.stats.eventsWithGames += 1;
      if (update >= 0 && update < this.updates && !this.matches(event.games, update))
        this.stats.mismatched += 1;
      if (index % PATCHED_ONE_IN === 0) this.patchLater(index, event.games);
    }
    const carried = carriedBy(event);
    // What it carries is written in; a patch with nothing to patch is refetched with the rest.
    const unpatched = carried.length > 0 ? this.write(index, carried, arrivedAt) : [];
    const matches = isRefreshedBy(event);
    const refetch = new Set(this.queries[index]!.filter((query) => query.observed && matches(query.key)));
    for (const query of unpatched) refetch.add(query);
    for (const query of refetch) this.refetch(index, query);
    if (event.action === GRADES) {
      this.stats.grades += 1;
      // The grades of the finals of the page's latest update (its game event came first).
      const after = this.gameEvents[index]! - 1;
      if (this.counting && after >= 0 && after < this.updates)
        this.gradedBy(index, after, arrivedAt, refetch);
      return;
    }
    if (update < 0 || update >= this.updates) return;
    this.refetched[index]![update] = Math.min(255, refetch.size);
    if (refetch.size === 0) this.visible[index]![update] = arrivedAt;
    else this.waiting[index]!.push({ update, arrivedAt, queries: refetch, times: this.visible[index]! });
  }

  /** A `grades` event for the update: the page's standings are up to date once its refetches are in. */
  private gradedBy(index: number, update: number, arrivedAt: number, refetch: Set<HeldQuery>): void {
    const standings = this.standings[index]!;
    // Another for the same update (not expected): the latest is the one timed.
    const waiting = this.waiting[index]!;
    for (let i = waiting.length - 1; i >= 0; i -= 1) {
      if (waiting[i]!.times === standings && waiting[i]!.update === update) waiting.splice(i, 1);
    }
    this.graded[index]![update] = 1 + Math.min(254, refetch.size);
    standings[update] = refetch.size === 0 ? arrivedAt : Number.NaN;
    if (refetch.size > 0) waiting.push({ update, arrivedAt, queries: new Set(refetch), times: standings });
  }

  /**
   * Pages receive the same message by the thousand: read each distinct one once. A final's `grades`
   * event with its data is each player's own: read as it comes, not kept.
   */
  private read(data: string): LiveEvent | null {
    const own = data.startsWith(OWN_GRADES);
    let event = own ? undefined : this.parsed.get(data);
    if (event === undefined) {
      if (this.parsed.size > 1_000) this.parsed.clear();
      try {
        event = readLiveEvent(JSON.parse(data));
      } catch {
        event = null;
      }
      if (!own) this.parsed.set(data, event);
    }
    return event;
  }

  private matches(games: readonly GameState[], update: number): boolean {
    const probe = this.probes[update];
    if (!probe) return true;
    const state = games.find((game) => game.id === probe.id);
    if (!state) return true; // not in this event (it changed nothing of that game)
    return (
      state.homeScore === probe.homeScore &&
      state.awayScore === probe.awayScore &&
      state.clock === probe.clock
    );
  }

  private refetch(index: number, query: HeldQuery): void {
    const queue = (this.queues[index] ??= new RefetchQueue());
    if (queue.ask(query.key)) this.fetch(index, query, queue);
    else this.stats.coalesced += 1;
  }

  private fetch(index: number, query: HeldQuery, queue: RefetchQueue): void {
    this.stats.refetches += 1;
    const startedAt = performance.now();
    const { cancel, answer } = this.client(index).get(query.url, this.specs[index]!.cookie);
    query.inFlight = cancel;
    void answer.then((result) => {
      if (this.closed) return;
      // Not when cancelled by the data an event carried (written meanwhile).
      if (query.inFlight === cancel) {
        query.inFlight = undefined;
        if (result.status !== 200) this.stats.refetchFailures.push(result.status);
        else {
          // Read as the client reads it (its queryFn: JSON parsed, the part it keeps).
          query.data = undefined;
          void query.read(result.body).then((data) => {
            if (query.data === undefined && !query.inFlight) query.data = data;
          });
          this.fetched(index, query, startedAt, performance.now());
        }
      }
      if (queue.done(query.key)) this.fetch(index, query, queue);
    });
  }

  /**
   * The data a final's `grades` event carries, written into the page's queries as `applyLiveEvent`
   * does: a fetch of one under way is cancelled, then `withCarried` gives its new data (setQueryData),
   * and the query is as fresh as the event. Answers the observed queries whose weekly results patch
   * met no list to patch (`withCarried` undefined): to refetch, as the client invalidates them.
   */
  private write(index: number, carried: readonly CarriedQuery[], arrivedAt: number): HeldQuery[] {
    const held = this.byKey[index]!;
    const unpatched: HeldQuery[] = [];
    for (const entry of carried) {
      const query = held.get(JSON.stringify(entry.key));
      if (!query) continue; // written into the client's cache, read by nothing on this page
      if (query.inFlight) {
        query.inFlight();
        query.inFlight = undefined;
        this.stats.cancelled += 1;
      }
      const data = withCarried(query.data, entry);
      if (data === undefined) {
        this.stats.unpatched += 1;
        if (query.observed) unpatched.push(query);
        continue;
      }
      query.data = data;
      this.stats.written += 1;
      this.fetched(index, query, arrivedAt, arrivedAt);
    }
    return unpatched;
  }

  private fetched(index: number, query: HeldQuery, startedAt: number, at: number): void {
    const waiting = this.waiting[index]!;
    for (let i = waiting.length - 1; i >= 0; i -= 1) {
      const wait = waiting[i]!;
      if (wait.arrivedAt > startedAt) continue;
      wait.queries.delete(query);
      if (wait.queries.size === 0) {
        wait.times[wait.update] = at;
        waiting.splice(i, 1);
      }
    }
  }

  private patchLater(index: number, games: readonly GameState[]): void {
    this.lastPatchAt = performance.now();
    if (this.patches.length === 0) this.patchesSince = this.lastPatchAt;
    this.patches.push({ page: index, states: new Map(games.map((state) => [state.id, state])) });
    this.patchTimer ??= setTimeout(() => this.patchWhenQuiet(), PATCH_QUIET_MS);
  }

  /** `patchAll` once the burst of arrivals is over (see PATCH_QUIET_MS), else later. */
  private patchWhenQuiet(): void {
    const now = performance.now();
    const quietFor = now - this.lastPatchAt;
    if (quietFor < PATCH_QUIET_MS && now - this.patchesSince < PATCH_MAX_WAIT_MS) {
      this.patchTimer = setTimeout(() => this.patchWhenQuiet(), PATCH_QUIET_MS - quietFor);
      return;
    }
    this.patchAll();
  }

  /** `patchGames` over each page's data, as the client does on a score update. */
  private patchAll(): void {
    this.patchTimer = undefined;
    const started = performance.now();
    const batch = this.patches;
    this.patches = [];
    for (const { page, states } of batch) {
      for (const query of this.queries[page]!) {
        if (query.data === undefined) continue;
        const patched = patchGames(query.data, states);
        if (patched !== query.data) query.data = patched;
      }
      this.stats.patchedPages += 1;
    }
    this.stats.patchMs += performance.now() - started;
  }
}
