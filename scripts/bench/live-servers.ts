// The live Sunday's servers and the admin's calls to them: started on the feed's stand-in, and a
// score update put in the stand-in, synced, and its write read back from the activity log.
import type { ChildProcess } from "node:child_process";
import type { EspnStandIn } from "../../tests/feed-stand-in";
import { freePort } from "./free-port";
import { LIVE_NOW, UPDATES, WEEK, type LiveOptions } from "./live-config";
import { scoreboardAt, type WeekGame } from "./live-week";
import { startServer, stopChild, waitForOk } from "./processes";
import { SEASON } from "./seed";
import { NODE_EXTRA } from "./settings";

export interface Update {
  /** The feed's write (performance.now()). */
  writtenAt: number;
  syncMs: number;
  finals: number;
  fromActivity: boolean;
}

export interface Server {
  child: ChildProcess;
  base: string;
  port: number;
}

export async function startServers(options: LiveOptions, count: number, feedUrl: string): Promise<Server[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const env = { PORT: String(port), FEED_URL: feedUrl, APP_NOW: LIVE_NOW };
      const child = startServer(options.kind, options.dbEnv, env, NODE_EXTRA);
      servers.push({ child, port, base: `http://127.0.0.1:${port}` });
      await waitForOk(`${servers[i]!.base}/api/health`);
    }
  } catch (error) {
    for (const server of servers) await stopChild(server.child);
    throw error;
  }
  return servers;
}

/** Admin calls (the sync, the feed's state, the activity log): a few, through fetch. */
export async function adminCall<T>(base: string, cookie: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body ? "POST" : "GET",
    headers: { cookie, ...(body && { "content-type": "application/json" }) },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The stand-in moved to update k's state, then the admin's sync; the feed's write read back. */
export async function syncUpdate(
  base: string,
  admin: string,
  standIn: EspnStandIn,
  k: number,
  week: WeekGame[],
) {
  standIn.setWeek(SEASON, WEEK, scoreboardAt(k, UPDATES, week));
  const syncAt = performance.now();
  const result = await adminCall<{ updated: number; graded: number }>(base, admin, "/api/admin/feed/sync", {
    season: SEASON,
    week: WEEK,
  });
  const returnedAt = performance.now();
  // The feed's write: the sync's line in the activity log, written in its transaction just before
  // its commit (by the database's clock: this machine's); the response comes after the commit.
  const log = await adminCall<{ entries: { action: string; createdAt: string }[] }>(
    base,
    admin,
    "/api/admin/activity?limit=5",
  );
  const line = log.entries.find((entry) => entry.action === "games.synced");
  const written = line ? Date.parse(line.createdAt) - performance.timeOrigin : Number.NaN;
  const fromActivity = written >= syncAt - 5 && written <= returnedAt + 1;
  const update: Update = {
    writtenAt: fromActivity ? written : returnedAt,
    syncMs: returnedAt - syncAt,
    finals: result.graded,
    fromActivity,
  };
  return { update, updated: result.updated };
}
