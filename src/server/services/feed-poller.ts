import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { FeedSyncKind } from "@/contracts/feed";
import { backoffMs, dueWork, nextPollAt } from "@/domain/feed-schedule";
import { LAST_WEEK } from "@/domain/postseason";
import { seasonOfDate } from "@/domain/season";
import type { AppContext } from "../context";
import * as feedRepo from "../repositories/feed.repository";
import { listSeasonGames } from "../repositories/games.repository";
import { syncWeeks } from "./feed.service";
import { currentSeasonWeek } from "./season.service";
import { FeedError, type FeedProvider } from "../feed/provider";

export interface PollerOptions {
  liveIntervalMs: number;
  log: FastifyBaseLogger;
  /** Jitter of the back-off; tests fix it. */
  random?: () => number;
  /** Real time in milliseconds (monotonic); tests move it. */
  realNow?: () => number;
}

export interface PollReport {
  /** Whether this instance held the lease (only one instance polls at a time). */
  leader: boolean;
  ran: FeedSyncKind[];
  error: string | null;
  nextAt: Date;
}

const MIN_SLEEP_MS = 1_000;
/**
 * Every instance wakes at least this often, the leader renewing its lease, the others checking it:
 * a lease lives three wakes, so a holder that died is replaced within 3 minutes whatever the live
 * interval, and one that lives keeps it (a sync takes well under a minute: 22 weeks, 4 at a time).
 */
const MAX_SLEEP_MS = 60_000;
const LEASE_SECONDS = 180;
/** Seasons the schema accepts. */
const SEASONS = { first: 2020, last: 2030 };

type Mark = "sync" | "lines" | "season" | "backoff";

/**
 * How long ago a mark of the schedule was (a kind's last sync, the end of a back-off). Marks are app
 * times: while the app's clock moves, the difference says it. While it stands still (`APP_NOW`), the
 * real time since this instance first saw it standing there with that mark is added: the schedule's
 * waits are real time, so a replay still polls every interval.
 */
class Waits {
  private readonly seen = new Map<Mark, { at: number; now: number; real: number }>();

  constructor(readonly realNow: () => number) {}

  /** Milliseconds from `at` to `now` (negative before it), plus the real time the clock stood still. */
  since(mark: Mark, at: Date, now: Date): number {
    const elapsed = now.getTime() - at.getTime();
    const seen = this.seen.get(mark);
    if (seen && seen.at === at.getTime() && seen.now === now.getTime()) {
      return elapsed + (this.realNow() - seen.real);
    }
    this.seen.set(mark, { at: at.getTime(), now: now.getTime(), real: this.realNow() });
    return elapsed;
  }

  /** This instance set the mark at `now` (app time) and `real`. */
  set(mark: Mark, at: Date, now: Date, real: number): void {
    this.seen.set(mark, { at: at.getTime(), now: now.getTime(), real });
  }
}

/**
 * The data feed's poller (docs/rules.md, "The data feed"): each instance runs one, and the one that
 * holds the lease row polls. It wakes at least every live interval (to take over a lease whose
 * holder died), asks the schedule what is due on the app's clock, and runs it. How long ago each
 * kind last ran is measured in real time as well (`Waits`), so a fixed clock still polls.
 */
export class FeedPoller {
  readonly owner = randomUUID();
  private readonly waits: Waits;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    readonly provider: FeedProvider,
    private readonly options: PollerOptions,
  ) {
    this.waits = new Waits(options.realNow ?? (() => performance.now()));
  }

  /** Starts polling after `delayMs` (the server answers first). */
  start(delayMs = MIN_SLEEP_MS): void {
    this.schedule(delayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running?.catch(() => undefined);
    await feedRepo.releaseLease(this.ctx.db, this.provider.source, this.owner).catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const sleep = Math.max(MIN_SLEEP_MS, Math.min(delayMs, this.options.liveIntervalMs, MAX_SLEEP_MS));
    this.timer = setTimeout(() => void this.tick(), sleep);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let next = this.options.liveIntervalMs;
    try {
      const report = await this.runOnce();
      next = report.nextAt.getTime() - this.ctx.clock.now().getTime();
    } catch (error) {
      // The database went away, say: try again on the next wake.
      if (!this.stopped) this.options.log.warn({ err: error }, "data feed: poll failed");
    }
    this.schedule(next);
  }

  /** One wake: take the lease, run what is due, store when the next poll is due. */
  runOnce(): Promise<PollReport> {
    const run = this.poll();
    this.running = run;
    return run;
  }

  private async poll(): Promise<PollReport> {
    const { ctx, provider, waits } = this;
    const now = ctx.clock.now();
    const real = waits.realNow();
    const idle = (nextAt: Date, leader: boolean): PollReport => ({ leader, ran: [], error: null, nextAt });
    if (!(await feedRepo.takeLease(ctx.db, provider.source, this.owner, LEASE_SECONDS))) {
      return idle(new Date(now.getTime() + this.options.liveIntervalMs), false);
    }
    const state = await feedRepo.findFeedState(ctx.db, provider.source);
    if (state && state.failures > 0 && state.nextSyncAt) {
      const left = -waits.since("backoff", state.nextSyncAt, now);
      if (left > 0) return idle(new Date(now.getTime() + left), true);
    }
    /** A last sync as the schedule reads it: as long before `now` as it was (one ahead of it is now). */
    const last = (mark: Mark, at: Date | null | undefined) =>
      at ? new Date(now.getTime() - waits.since(mark, at > now ? now : at, now)) : null;
    const { season, currentWeek } = await currentSeasonWeek(ctx);
    const schedule = {
      now,
      liveIntervalMs: this.options.liveIntervalMs,
      games: await listSeasonGames(ctx.db, season),
      currentWeek,
      lastSyncAt: last("sync", state?.lastSyncAt),
      lastLinesSyncAt: last("lines", state?.lastLinesSyncAt),
      lastSeasonSyncAt: last("season", state?.lastSeasonSyncAt),
    };
    const due = dueWork(schedule);
    const ran: FeedSyncKind[] = [];
    const marks: { lastSeasonSyncAt?: Date; lastLinesSyncAt?: Date } = {};
    try {
      if (due.season) {
        for (const year of feedSeasons(now, season)) {
          await this.sync(year, allWeeks(), "season");
        }
        ran.push("season");
        marks.lastSeasonSyncAt = now;
        marks.lastLinesSyncAt = now;
      } else if (due.lineWeeks.length > 0) {
        await this.sync(
          season,
          [...new Set([...due.lineWeeks, ...due.liveWeeks])].sort((a, b) => a - b),
          "lines",
        );
        ran.push("lines");
        marks.lastLinesSyncAt = now;
      } else if (due.liveWeeks.length > 0) {
        await this.sync(season, due.liveWeeks, "live");
        ran.push("live");
      }
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      // Stopped in the middle (the app closes): not the source's failure, so whichever instance
      // takes the lease next polls at once instead of backing off.
      if (this.stopped) return { leader: true, ran, error: error.message, nextAt: now };
      const failures = (state?.failures ?? 0) + 1;
      const nextAt = new Date(now.getTime() + backoffMs(failures, this.options.random?.()));
      await feedRepo.updateFeedState(ctx.db, provider.source, { failures, nextSyncAt: nextAt });
      waits.set("backoff", nextAt, now, real);
      this.options.log.warn({ failures, nextAt }, `data feed: ${error.message}`);
      return { leader: true, ran, error: error.message, nextAt };
    }
    // The games may have changed (a new season listed): the next poll is planned on what is stored now.
    const after = await currentSeasonWeek(ctx);
    const nextAt = nextPollAt({
      ...schedule,
      games:
        after.season === season && ran.length === 0
          ? schedule.games
          : await listSeasonGames(ctx.db, after.season),
      currentWeek: after.currentWeek,
      lastSyncAt: ran.length > 0 ? now : schedule.lastSyncAt,
      lastLinesSyncAt: marks.lastLinesSyncAt ?? schedule.lastLinesSyncAt,
      lastSeasonSyncAt: marks.lastSeasonSyncAt ?? schedule.lastSeasonSyncAt,
    });
    await feedRepo.updateFeedState(ctx.db, provider.source, { ...marks, failures: 0, nextSyncAt: nextAt });
    if (ran.length > 0) waits.set("sync", now, now, real);
    if (marks.lastLinesSyncAt) waits.set("lines", now, now, real);
    if (marks.lastSeasonSyncAt) waits.set("season", now, now, real);
    return { leader: true, ran, error: null, nextAt };
  }

  private async sync(season: number, weeks: number[], kind: FeedSyncKind) {
    const result = await syncWeeks(this.ctx, this.provider, { season, weeks, kind }, this.abort.signal);
    if (result.created || result.updated) {
      this.options.log.info(
        { season, weeks, kind, created: result.created, updated: result.updated, graded: result.graded },
        "data feed: games updated",
      );
    }
    return result;
  }
}

/** Every week of a season, the postseason's rounds included. */
const allWeeks = () => Array.from({ length: LAST_WEEK }, (_, index) => index + 1);

/**
 * The seasons the daily sync reads: the current one, and the calendar's when it is newer, so that
 * once the source lists the next season's schedule the app moves to it by itself.
 */
export function feedSeasons(now: Date, current: number): number[] {
  return [...new Set([current, seasonOfDate(now)])]
    .filter((season) => season >= SEASONS.first && season <= SEASONS.last)
    .sort((a, b) => a - b);
}
