/**
 * The admin's Data feed panel, pure: the feed's state, how a sync reads, which seasons and weeks
 * "Sync now" offers and what it sends, and when to look at the feed again.
 */
import { formatDistance } from "date-fns";
import { errorMessage } from "@/client/lib/api";
import { LAST_WEEK, weekName } from "@/domain/postseason";
import type { FeedStatus, FeedSyncBody, FeedSyncKind, FeedSyncResult } from "@/contracts/feed";

export type FeedState = "on" | "off" | "failing";

export const FEED_STATE_LABEL: Record<FeedState, string> = { on: "On", off: "Off", failing: "Failing" };

/** Failing: the last sync failed and none has succeeded since (an older error is history). */
export function feedState(
  status: Pick<FeedStatus, "enabled" | "lastError" | "lastSyncAt" | "lastSuccessAt">,
): FeedState {
  if (!status.enabled) return "off";
  if (!status.lastError || status.lastSyncAt === null) return "on";
  if (status.lastSuccessAt === null) return "failing";
  return Date.parse(status.lastSuccessAt) < Date.parse(status.lastSyncAt) ? "failing" : "on";
}

export const SYNC_KIND_LABEL: Record<FeedSyncKind, string> = {
  manual: "Manual",
  live: "Live",
  lines: "Lines",
  season: "Season",
};

type Counts = Pick<FeedSyncResult, "created" | "updated" | "unchanged" | "graded">;

/** "2 added, 5 updated, 9 unchanged, 1 graded". */
export const syncCounts = (result: Counts) =>
  `${result.created} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.graded} graded`;

/** The toast of a manual sync: its counts, and what it left out when it left something out. */
export function syncToast(result: FeedSyncResult): { title: string; description?: string } {
  const title = `Synced: ${syncCounts(result)}`;
  const notes = [
    result.skipped.length ? `${result.skipped.length} skipped` : null,
    result.missing.length ? `${result.missing.length} no longer listed by the source` : null,
  ].filter((note) => note !== null);
  return notes.length ? { title, description: `${notes.join(", ")}: see Recent syncs.` } : { title };
}

/** The toast of a sync that failed: the server's reason, else a general one. */
export function syncFailedToast(error: unknown) {
  return {
    title: "Sync Failed",
    description: errorMessage(error, "The data feed could not be synced. Please try again."),
    variant: "destructive" as const,
  };
}

/** "Week 12" ("Wild Card"), "Weeks 1–18", "Weeks 1–3, 5, 7–8": runs of weeks written as ranges. */
export function weeksText(weeks: readonly number[]): string {
  const sorted = [...new Set(weeks)].sort((a, b) => a - b);
  if (sorted.length === 0) return "No weeks";
  if (sorted.length === 1) return weekName(sorted[0]!);
  const runs: string[] = [];
  let start = sorted[0]!;
  for (let index = 1; index <= sorted.length; index += 1) {
    const week = sorted[index];
    const previous = sorted[index - 1]!;
    if (week === previous + 1) continue;
    runs.push(start === previous ? String(start) : `${start}–${previous}`);
    if (week !== undefined) start = week;
  }
  return `Weeks ${runs.join(", ")}`;
}

// The seasons feedSyncBody takes.
const FIRST_SEASON = 2020;
const LAST_SEASON = 2030;

/** The season picker: the current season and the ones on either side of it, newest first. */
export function seasonChoices(current: number): number[] {
  return [current + 1, current, current - 1].filter(
    (season) => season >= FIRST_SEASON && season <= LAST_SEASON,
  );
}

/** The weeks a sync of one week may name (feedSyncBody: the regular season and the postseason's rounds). */
export const SYNC_WEEKS = Array.from({ length: LAST_WEEK }, (_, index) => index + 1);

export type WeekChoice = "all" | number;

/** Without a week: every unsettled week of the current season, or the whole of another season. */
export const allWeeksLabel = (season: number, currentSeason: number | undefined) =>
  season === currentSeason ? "All unsettled weeks" : "Whole season";

/**
 * The body of POST /api/admin/feed/sync: one week of a season; nothing for the current season's
 * unsettled weeks (the server's reading of an empty body); the season alone for all its weeks.
 */
export function syncBodyOf(
  season: number,
  week: WeekChoice,
  currentSeason: number | undefined,
): FeedSyncBody {
  if (week !== "all") return { season, week };
  return season === currentSeason ? {} : { season };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * When to read the feed's status again while it is shown: shortly after the sync it has planned
 * (a sync that changes games also refreshes it through the live updates, one that changes nothing
 * does not), at least 15 seconds apart and at most 10 minutes; never while it plans none.
 */
export function nextLookMs(nextSyncAt: string | null, now: number): number | false {
  if (nextSyncAt === null) return false;
  const due = Date.parse(nextSyncAt) - now + 5 * SECOND;
  return Math.min(10 * MINUTE, Math.max(15 * SECOND, due));
}

/**
 * "5 minutes ago", "in 3 minutes". The server's clock and the browser's differ a little: a sync
 * that has happened never reads as to come ("just now"), a planned one that is late reads "due now".
 */
export function whenText(iso: string, now: number, kind: "past" | "planned"): string {
  const at = Date.parse(iso);
  if (kind === "past" && at >= now) return "just now";
  if (kind === "planned" && at <= now) return "due now";
  return formatDistance(at, now, { addSuffix: true });
}

/** "Nov 25, 2026, 9:23:05 AM EST": the viewer's time zone, named. */
export const absoluteTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  });

/** The source as people know it ("espn" is ESPN). */
export const sourceName = (source: string) => (source === "espn" ? "ESPN" : source);

/** A sync's details list at most this many lines of each kind (a season the source lost runs to hundreds). */
export const DETAIL_LINES = 10;

/** The first lines of a list, and how many more there are. */
export function firstLines<T>(items: readonly T[], count = DETAIL_LINES): { shown: T[]; more: number } {
  return { shown: items.slice(0, count), more: Math.max(0, items.length - count) };
}
