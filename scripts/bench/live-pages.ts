// The live Sunday's open pages (live-sunday.ts): each holds its queries' data and an event stream,
// and on each event does what the client does (src/client/lib/apply-live-event.ts), by its shared
// rules: `carriedBy` is the data a final's `grades` event carries, written in by `withCarried` (a
// weekly results patch with no list to patch is refetched instead), `patchGames` writes a score
// update's games into the page's data, `isRefreshedBy` says what to refetch.
import type { ClientRequest } from "node:http";
import { GRADES, isGameAction, RESYNC } from "@/contracts/constants";
import type { CarriedQuery, GameState } from "@/contracts/events";
import { carriedBy, isRefreshedBy, RefetchQueue, withCarried } from "@/client/lib/live-updates";
import { dataOf, EventReader, localAddressOf, openEventStream } from "./event-stream";
import type { Http } from "./http-pool";
import { GamePatches } from "./page-patches";
import { viewPage, type HeldQuery, type PageSpec } from "./page-queries";

/** One page in this many runs `patchGames` (all record their arrivals and refetch): see OpenPages. */
const PATCHED_ONE_IN = 10;

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
  private readonly reader = new EventReader();
  private readonly patches: GamePatches;
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
    this.patches = new GamePatches(this.queries, this.stats);
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
    const target = {
      port: this.client(index).port,
      cookie: this.specs[index]!.cookie,
      localAddress: localAddressOf(index, perAddress),
    };
    const { request, opened } = openEventStream(target, {
      opened: () => {
        this.streamsOpen += 1;
      },
      block: (block, arrivedAt) => this.onBlock(index, block, arrivedAt),
      read: (arrivedAt, doneAt) => {
        this.stats.readMs += doneAt - arrivedAt;
      },
      closed: () => {
        this.streamsOpen -= 1;
        if (!this.closed) this.stats.dropped += 1;
      },
    });
    this.streams[index] = request;
    return opened;
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
    this.patches.stop();
    for (const stream of this.streams) stream?.destroy();
    for (const queries of this.queries) for (const query of queries) query.inFlight?.();
    for (const client of this.clients) client.abortAll();
  }

  private onBlock(index: number, block: string, arrivedAt: number): void {
    const data = dataOf(block);
    if (data === undefined) return; // a comment (the heartbeat) or the retry line
    const event = this.reader.read(data);
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
      if (index % PATCHED_ONE_IN === 0) this.patches.patchLater(index, event.games);
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
}
