// The report: docs/performance.md's text from a run's sections (its header, each section's notes and
// table, how the figures are made), the Lighthouse part of the file kept as it is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { table, type Row, type Section } from "./budgets";
import { NORMAL_BARE_RATE, NORMAL_LOOP_MS } from "./cores-speed";
import { LIVE_NOW } from "./live-config";
import { stealSince, type CoresTime } from "./proc-stats";
import { CONNECTIONS, fmt, root, SECONDS } from "./settings";

export interface RunFacts {
  /** The cores' time when the run began (for its steal). */
  runStart: CoresTime;
  /** The cores' speed before the run and after it: a fixed loop (ms), bare Fastify alone (req/s). */
  loopBefore: number;
  loopAfter: number;
  bareBefore: number;
  bareAfter: number;
  clientRows: Row[];
  sections: Section[];
  /** Whether PostgreSQL was measured (a URL was set). */
  postgres: boolean;
}

const reportFile = path.join(root, "docs/performance.md");

/** The report's text, with the Lighthouse section of the file as it stands (scripts/lighthouse.mjs --write). */
export function reportText(run: RunFacts): string {
  const out = [...header(run), "", "## Client", "", table(run.clientRows)];
  for (const section of run.sections) out.push(...sectionText(section));
  if (!run.postgres)
    out.push("", "PostgreSQL was not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
  out.push("", "## How the figures are made", "", ...howFiguresAreMade());
  // The Lighthouse section lives between its markers: keep it.
  const previous = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
  const lighthouse = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/.exec(previous)?.[0];
  return `${out.join("\n")}\n${lighthouse ? `\n${lighthouse}\n` : ""}`;
}

/** docs/performance.md holds full runs only: a partial one (BENCH_ONLY, BENCH_DB) leaves it alone. */
export function writeReport(text: string): void {
  mkdirSync(path.join(root, "docs"), { recursive: true });
  writeFileSync(reportFile, text);
}

function header(run: RunFacts): string[] {
  const { loopBefore, loopAfter, bareBefore, bareAfter, runStart } = run;
  const machine = `${os.cpus().length} cores (nproc), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${os.platform()} ${os.release()}`;
  return [
    "# Performance",
    "",
    "Written by `npm run bench` (scripts/bench/); every run overwrites it. Each row holds its budget and whether the run met it.",
    `Run ${new Date().toISOString()} on ${machine}. ${CONNECTIONS} connections, ${SECONDS} s per row, loopback. The host took ${stealSince(runStart)} of the cores' time during the run (steal, /proc/stat: time this virtual machine had work to run and did not get). The cores' speed (scripts/bench/cores-speed.ts), before the run and after it: bare Fastify alone ${fmt(bareBefore)} and ${fmt(bareAfter)} req/s (about ${fmt(NORMAL_BARE_RATE)} at this machine's normal speed), a fixed loop ${fmt(loopBefore)} and ${fmt(loopAfter)} ms (about ${NORMAL_LOOP_MS}). On slower machines (decision 057) the same code missed the live Sunday's budgets that it met at normal speed.`,
    `The server at LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? "info"}${process.env.BENCH_LOG_LEVEL ? "" : " (the default)"}, its log on a pipe that is read, as \`npm start\` runs it.`,
  ];
}

function sectionText(section: Section): string[] {
  const out = ["", `## ${section.name}`, "", ...section.notes, "", table(section.rows)];
  if (section.queries) {
    out.push(
      "",
      "Queries per request (statements sent through Drizzle or run prepared on PGlite, caches warm; the same code runs on PostgreSQL). A pick's last statement sends its notices after the commit, in one batch with those of every pick finished meanwhile (decision 013): under load many picks share it. A contest's week is read once, then remembered from each submission the instance stores (decision 015). Measured alone, as here, a pick's write is its own statement; under load it carries every submission made meanwhile to other contests (decision 016).",
      "",
      "| request | status | queries |",
      "|---|---|---|",
      ...section.queries.map((q) => `| ${q.what} | ${q.status} | ${q.queries} |`),
    );
  }
  return out;
}

function howFiguresAreMade(): string[] {
  return [
    "- The server is the built app (`node dist/server/main.js`, the bundle `npm run build` makes, as `npm start` runs it: on PostgreSQL with `--max-old-space-size=1024` (SERVER_HEAP_MB's default), on PGlite with no node options (decision 040) and its database in a thread of its own (decision 039), NODE_ENV=production, the client from dist/) on a seeded copy of the data set (scripts/bench/seed.ts); autocannon runs in the bench process on the same 2 cores, so the client's own CPU is part of every figure, anchors included; that process's own garbage (an earlier section's, hundreds of MB) is collected before each measured load and each live Sunday run, not in the middle of one (decision 053).",
    "- Anchors run in their own processes (scripts/bench/anchor-server.ts): a Fastify route answering a small JSON, and one indexed query (a week's 16 games) through the app's Drizzle driver on the same database. The rows measured against the bare anchor take turns with it, five slices each of a fifth of the row's time, alternating which goes first, so that both meet the same machine (the cores of this shared host change speed by a third from one minute to the next); their ratio column gives the anchor's rate in those slices. The query anchor holds the database (on PGlite its folder belongs to one process), so its rows compare with its own row.",
    "- Signed-in reads rotate through 2,000 players' sessions (for the contests and the weekly results, the first request of each player is measured apart: the cache is cold for it, and the budget is the query anchor, since first reads of many players at once are read together in batches; before it, unmeasured, the first requests of 400 other players (their own contests), so that the cold row meets the route's code compiled, as on a server that has been running a while, rather than V8's first runs of it (decision 042); with the CPU each request took in the server, PostgreSQL and autocannon); picks rotate through the 5,000 contests, each request the first picker's next two picks, so no two requests in flight share a contest, and the row is a fixed amount of work rather than 10 s: the last three of the four requests each contest's allowance holds (15,000), the last completing the first picker's picks and queuing the second's e-mail, its rate the successful requests over the time to the last response; before the pick row each of the 5,000 pickers has loaded a page once (GET /api/auth/user), as a player has before picking, so the row measures picks rather than first sights of sessions; and one pick has been made in every contest, unmeasured: after a checkpoint (the bench's own, below) the first write to each of the pick's ~10,000 index pages carries the whole page into PostgreSQL's WAL, which a database that has been running a while has mostly done (decision 013); that pick also leaves each contest's week remembered by the server, so the row measures a week's later submissions (decision 015).",
    "- The data set is vacuumed and analyzed after seeding, as a database that has been running a while is: PostgreSQL's autovacuum does not start on the new rows in the middle of a measured row.",
    "- PostgreSQL runs with the app's default pool of 10 connections (DATABASE_POOL_SIZE; 4 and 20 measured slower here). On PGlite the pick's two statements are prepared once and each run is one call into PGlite (src/server/db/prepared.ts); the query count includes those runs.",
    "- Memory is the server's VmRSS sampled every 100 ms (VmHWM: its peak since start). Start time: from spawning the process on the existing data to the first 200 on /api/health.",
    "- Sessions (with their users), the season calendar and a week's games (serialized once) are served from memory: every write to those tables clears them on every instance through NOTIFY fp_cache (src/server/db/read-cache.ts).",
    `- The live Sunday (scripts/bench/live-sunday.ts, live-pages.ts and page-views.ts) runs after a database's other rows, on the same data set, with its own servers started as above but with APP_NOW ${LIVE_NOW} (after week 12's kickoffs) and FEED_URL on a stand-in for ESPN (tests/feed-stand-in.ts) answering the week's recorded response (tests/fixtures/espn/2025-week-12-before-kickoff.json: its 14 events are the data set's games). The week first goes back to a Sunday's start: its games not started (their feed ids kept), two picks per player (contest c's first player on the c-th game by kickoff, the second on the game 7 further), the players' sessions renewed within the day. 10,000 pages, both players of every contest on the dashboard, Make Picks and the standings in turn, each with its own query keys and URLs (the client's, src/client/lib/queries), loaded for real (its document and queries, as a page view asks for them, a few at a time; the data held as the client's queryFn reads it), and an event stream (node:http, 100 per loopback source address 127.0.0.2, 127.0.0.3, ...: EVENT_STREAMS_PER_ADDRESS keeps its default), opened a few at a time. Open pages were loaded: the server has served those 10,000 loads and keeps what they read as far as its caches hold (the cold rows above measure reads it does not hold). On an event a page does what the client does (src/client/lib/apply-live-event.ts): readLiveEvent, then writes the data a final's \`grades\` event carries (\`carriedBy\`, written in with \`withCarried\`; a fetch of it in flight is cancelled; a weekly results patch with no list to patch is refetched instead), then the refetches \`isRefreshedBy\` names (a query asked for again while its refetch is under way goes once more when it ends: \`RefetchQueue\`) and \`patchGames\` into its data, this on one page in ten and after the burst of arrivals (on 10,000 pages it would take seconds of these two cores per update, which browsers spend on their own). A score is visible on a page once its event has arrived and the refetches it asked for have completed; the delay runs from the feed's write, the sync's line in the activity log (written in its transaction just before its commit; this machine's clock), and a page that never shows an update (by 15 s after the run) counts as the slowest. Each score update moves the stand-in's scores, quarters and clocks and is applied by an admin's POST /api/admin/feed/sync {season, week} (not the poller: its schedule reads the server's clock, which APP_NOW stops, so after its sync at start no live poll is ever due). The kickoff (all games to live) goes alone first, no page views: its delays and CPU are one update's fan-out. Then page views start, 200 a second due by the clock (open loop) and timed from when due, each a page load as a browser holding the app's code makes it (the document, which carries a player's user, contests, season and users, decision 050, and the answers their screen asks for first, decision 054; then the screen's queries it does not carry), players in turn on the three screens (at most 2,000 waiting: past that a view is not sent, and fails; those still running 5 s after the run are ended, and fail); after 10 s of them alone, the 12 updates, 10 s apart, the last two taking seven games final (the graded path, decision 030: the score update's event first, to everyone at once; then a \`grades\` event to each player of the graded contests carrying their contests and, per contest graded, a weekly results patch from the graded week on, the graded week's picks of both players and availability, written in with \`withCarried\`; what it does not carry, or all it names when it comes without data, is refetched). A final's standings on its players' pages are timed apart from the score, from the same write to the \`grades\` event's arrival or, if it asked for refetches, their completion (a page that got one and never completed it counts as never), and reported without a budget. The pages' refetches and the page views each go through at most 256 keep-alive connections to a server (undici's Pool; a flood queues in the client); the page views are sent from a process of their own (page-views.ts): on each update the 10,000 pages hold their process's event loop for hundreds of ms, which would count against the server. CPU per update: the kickoff's, and the run's (the server's; on PostgreSQL with the backends of fp_bench, listed every second), less the page views' share measured over their 10 s alone when they kept up with their rate and what is left of both figures is more than nothing (a view can cost more alone than in the run). Memory: the server's VmRSS sampled every 100 ms while the streams are open. On PostgreSQL the same again with two servers on the database, the pages and the page views alternating between them (a player's page on one, their views on either, as a load balancer without sticky sessions sends them: a player's first view on the instance their page is not open on is counted apart too, decision 051), the syncs sent to the first. A run in which a server exits is one failed row saying when.`,
  ];
}
