// The signed-in reads' rows: each read against its anchor (the bare one measured alongside, in
// turns), and for the cold ones the players' first requests before.
import { paired } from "./anchors";
import { coldReadRow, READ_BUDGETS, readRow, type ReadBudget } from "./budgets";
import { load } from "./load";
import { collectOwnGarbage } from "./own-heap";
import { READ_PLAYERS, WARM_PLAYERS } from "./players";
import { cpuMeter } from "./proc-stats";
import type { ServerRun } from "./server-run";
import { log, runs, SECONDS } from "./settings";

interface Read {
  /** Its BENCH_ONLY key. */
  key: keyof typeof READ_BUDGETS;
  what: string;
  /** The path player i asks for. */
  pathOf: (i: number) => string;
}

export async function readRows(run: ServerRun): Promise<void> {
  const { data, players } = run;
  const week = `/api/games/week/${data.currentWeek}/season/2025`;
  const reads: Read[] = [
    { key: "games", what: `GET ${week} signed in`, pathOf: () => week },
    { key: "user", what: "GET /api/auth/user", pathOf: () => "/api/auth/user" },
    { key: "contests", what: "GET /api/contests (a player)", pathOf: () => "/api/contests" },
    {
      key: "results",
      what: "GET /api/contests/{id}/weekly-results",
      pathOf: (i) => `/api/contests/${players.contestOf(i)}/weekly-results`,
    },
  ];
  for (const read of reads) await readRowOf(run, read, READ_BUDGETS[read.key]);
}

async function readRowOf(run: ServerRun, read: Read, budget: ReadBudget): Promise<void> {
  if (!runs(read.key)) return;
  log(`${run.name}: ${read.what}`);
  if (budget.cold) run.rows.push(await coldRow(run, read, budget));
  await load(run.base, run.players.rotating(read.pathOf), 2); // warm-up
  const rotating = run.players.rotating(read.pathOf);
  // Against the bare anchor, measured alongside (`paired`); the query anchor holds the database
  // (PGlite's folder belongs to one process), so its rows use its own row's figure.
  if (budget.anchorName === "bare") {
    const { result, anchorLoad } = await paired(run.base, rotating, run.anchors.bareAnchor);
    run.rows.push(readRow(read.what, result, budget, run.anchors.bare, anchorLoad));
  } else {
    run.rows.push(readRow(read.what, await load(run.base, rotating), budget, run.anchors.query));
  }
}

/** Each of the players' first request (nothing cached yet), after the route's code is warm. */
async function coldRow(run: ServerRun, read: Read, budget: ReadBudget) {
  const { players } = run;
  // The route's code warm first, on other players' contests (their first requests too).
  await load(run.base, players.rotating(read.pathOf, players.nextOtherPlayer), SECONDS, WARM_PLAYERS);
  collectOwnGarbage();
  const meter = cpuMeter(run.kind, run.pid);
  const first = await load(run.base, players.rotating(read.pathOf), SECONDS, READ_PLAYERS, false);
  const used = meter(READ_PLAYERS);
  const anchorLoad = budget.anchorName === "bare" ? run.anchors.bare : run.anchors.query;
  return coldReadRow(run.kind, read.what, first, used, anchorLoad, budget.anchorName);
}
