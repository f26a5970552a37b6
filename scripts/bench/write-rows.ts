// The writes' rows: picks submitted in every contest (a fixed amount of work), and one game scored
// with its thousands of picks.
import { picksRow, scoreRow } from "./budgets";
import { load, type LoadRequest } from "./load";
import { cpuMeter } from "./proc-stats";
import { ALLOWANCE } from "./seed";
import type { ServerRun } from "./server-run";
import { fmt, log, runs, SECONDS } from "./settings";

/**
 * Picks: each request is the first picker's next two picks in the next contest, so two requests in
 * flight never share a contest. The seeded allowance holds four such requests per contest: one
 * warm-up, then the row is the other three (a fixed amount of work, whatever the rate), the third
 * completing the first picker's picks and queuing the second's e-mail.
 */
export async function picksRows(run: ServerRun): Promise<void> {
  if (!runs("picks")) return;
  log(`${run.name}: POST /api/picks/batch`);
  const contests = run.data.contestIds.length;
  const requestsPerContest = ALLOWANCE / 2;
  // Each picker has loaded a page before (as a player does before picking): the row measures the
  // pick, not a first sight of 5,000 sessions (the cold reads have their own rows).
  await load(run.base, pickersPage(run), SECONDS, contests);
  const pickRequest = picksRequest(run);
  // One unmeasured pick in every contest first: after a checkpoint (the bench's own, after seeding)
  // PostgreSQL's first write to each page carries the whole page into the WAL, and the pick's index
  // pages (about 10,000) would all take theirs inside the measured row.
  const warmUp = await load(run.base, pickRequest, SECONDS, contests);
  if (warmUp.bad) run.notes.push(`Picks warm-up: ${fmt(warmUp.bad)} failed (${warmUp.failures}).`);
  const meter = cpuMeter(run.kind, run.pid);
  const result = await load(run.base, pickRequest, SECONDS, contests * (requestsPerContest - 1));
  run.rows.push(picksRow(run.kind, result, meter(result.ok + result.bad)));
}

/** GET /api/auth/user as each contest's first picker in turn. */
function pickersPage(run: ServerRun): LoadRequest {
  const contests = run.data.contestIds.length;
  let w = 0;
  return {
    method: "GET",
    path: "/api/auth/user",
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, cookie: run.players.pickerCookie(w++ % contests) },
    }),
  };
}

/** The next contest's first picker's next two picks, at each request: contest after contest, then round after round. */
function picksRequest(run: ServerRun): LoadRequest {
  const { data, players } = run;
  const contests = data.contestIds.length;
  let k = 0;
  return {
    method: "POST" as const,
    path: "/api/picks/batch",
    headers: { "content-type": "application/json" },
    setupRequest: (request) => {
      const c = k % contests;
      const round = Math.floor(k / contests);
      k += 1;
      const body = {
        contestId: data.contestIds[c],
        week: data.currentWeek,
        round: 1,
        picks: [
          { gameId: data.openGameIds[2 * round], market: "spread", side: "favorite" },
          { gameId: data.openGameIds[2 * round + 1], market: "total", side: "over" },
        ],
      };
      return {
        ...request,
        body: JSON.stringify(body),
        headers: { ...request.headers, cookie: players.pickerCookie(c) },
      };
    },
  };
}

/** One game scored: every pick on it graded, in one request. */
export async function scoreRows(run: ServerRun): Promise<void> {
  if (!runs("score")) return;
  log(`${run.name}: scoring`);
  const started = performance.now();
  const scored = await fetch(`${run.base}/api/games/${run.data.heavyGameId}/score`, {
    method: "POST",
    headers: { cookie: run.players.cookie(0) },
  });
  const ms = performance.now() - started;
  const graded = scored.ok ? ((await scored.json()) as { graded: number }).graded : 0;
  run.rows.push(scoreRow(run.kind, run.data, { ms, status: scored.status, ok: scored.ok, graded }));
}
