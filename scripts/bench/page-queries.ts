// What one page of the dashboard, Make Picks or the standings asks the server for, built from the
// client's own query helpers (src/client/lib/queries), and one view of it as a browser makes it.
import { STARTING_DATA_ID } from "@/contracts/constants";
import { readStartingData } from "@/client/app/starting-data";
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
import type { Http } from "./http-pool";

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
 * turn (useTurns; and its live weeks', when carried: `viewPage`), Make Picks' prefetch (prefetch-make-picks.ts: availability for round 1, then for
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
  if (spec.kind === "dashboard") {
    // The "Live Now" card's: the week's games once it has picks, its weekly results once a game of
    // it is live (use-live-weeks.ts); held when the page carried them, as the server decides so.
    for (const def of [
      defOf(weekGamesQuery(spec.week, spec.season)),
      defOf(weeklyResultsQuery(spec.contestId)),
    ]) {
      if (carried.has(def.url)) held.push(await ask(def));
    }
  }
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
