// The anchors a row's rate is read against (anchor-server.ts, each in its own process): starting
// one, its own row, and a row measured in turns with the bare anchor.
import { load, combine, type Load, type LoadRequest } from "./load";
import { freePort } from "./free-port";
import { startChild, stopChild, waitForOk } from "./processes";
import { SECONDS } from "./settings";

export interface Anchor {
  base: string;
  stop(): Promise<void>;
}

const ANCHOR_REQUEST = { method: "GET", path: "/anchor" } as const;

/** An anchor server in its own process, warmed up, until `stop`. */
export async function startAnchor(kind: "bare" | "query", dbEnv: Record<string, string>): Promise<Anchor> {
  const port = await freePort();
  const child = startChild("scripts/bench/anchor-server.ts", { ANCHOR: kind, PORT: String(port), ...dbEnv });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/anchor`);
    await load(base, ANCHOR_REQUEST, 2); // warm-up
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, stop: () => stopChild(child) };
}

/** A running anchor's load of SECONDS. */
export function anchorLoad(anchor: Anchor): Promise<Load> {
  return load(anchor.base, ANCHOR_REQUEST);
}

/** An anchor's own row: started, one load of SECONDS, stopped. */
export async function anchor(kind: "bare" | "query", dbEnv: Record<string, string>): Promise<Load> {
  const running = await startAnchor(kind, dbEnv);
  try {
    return await anchorLoad(running);
  } finally {
    await running.stop();
  }
}

/** Slices of a paired load: the anchor and the row take turns, SECONDS / SLICES each. */
const SLICES = 5;

/**
 * A load and the anchor's, measured in alternating slices (anchor first, then the row first, and
 * so on), so that both meet the same machine: on a host shared with other tenants the speed of the
 * cores moves from one minute to the next. Rates are over the whole of each side's slices; the p99
 * is the worst slice's.
 */
export async function paired(
  url: string,
  request: LoadRequest,
  anchor: Anchor,
): Promise<{ result: Load; anchorLoad: Load }> {
  const slice = SECONDS / SLICES;
  const mine: Load[] = [];
  const theirs: Load[] = [];
  for (let i = 0; i < SLICES; i += 1) {
    if (i % 2 === 0) theirs.push(await load(anchor.base, ANCHOR_REQUEST, slice));
    mine.push(await load(url, request, slice));
    if (i % 2 === 1) theirs.push(await load(anchor.base, ANCHOR_REQUEST, slice));
  }
  return { result: combine(mine), anchorLoad: combine(theirs) };
}
