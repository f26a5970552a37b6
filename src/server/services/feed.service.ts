import { eq } from "drizzle-orm";
import type {
  FeedMissing,
  FeedSkip,
  FeedStatus,
  FeedSyncBody,
  FeedSyncKind,
  FeedSyncResult,
} from "@/contracts/feed";
import type { GameState } from "@/contracts/events";
import { isLiveChange, mergeFedGame, newGameFrom, type GamePatch, type PicksAction } from "@/domain/feed";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { invalidate, invalidateContests, invalidateScores, scoresCommitted } from "../db/read-cache";
import { games } from "../db/schema";
import { FeedError, type FeedProvider, type FeedWeek } from "../feed/provider";
import { recordActivity } from "../repositories/activity.repository";
import { findContestsOnGames } from "../repositories/events.repository";
import * as feedRepo from "../repositories/feed.repository";
import { listSeasonGames, type GameInsert, type GameRow } from "../repositories/games.repository";
import * as picksRepo from "../repositories/picks.repository";
import { listTeams } from "../repositories/teams.repository";
import { AppError, conflict } from "../errors";
import { SEASON_WEEKS } from "@/domain/season";
import { gradePicksOnGame } from "./games.service";
import { currentSeasonWeek } from "./season.service";
import { announceAfterGrading } from "./week-settled";

export interface SyncRequest {
  season: number;
  weeks: number[];
  kind: FeedSyncKind;
}

/** Weeks are fetched a few at a time: a season is 18 requests. */
const PARALLEL_FETCHES = 4;
const RECENT_SYNCS = 10;
/** A score update's games ride on its live event's NOTIFY, which holds 8,000 bytes: more, and pages refetch. */
const MAX_NOTICE_GAMES_BYTES = 6_000;

/**
 * One sync (docs/rules.md, "The data feed"): every week is fetched first, and a failed fetch
 * changes nothing; then every event is checked on its own and the good ones are applied in one
 * transaction, finals graded through the admin's scoring path, the read cache cleared once.
 */
export async function syncWeeks(
  ctx: AppContext,
  provider: FeedProvider,
  request: SyncRequest,
  signal?: AbortSignal,
): Promise<FeedSyncResult> {
  const startedAt = ctx.clock.now();
  let fetched: FeedWeek[];
  try {
    fetched = await fetchWeeks(provider, request, signal);
  } catch (error) {
    // Stopped (the app closes): not the source's failure, and nothing to record.
    if (signal?.aborted) throw error instanceof FeedError ? error : new FeedError("The sync was stopped.");
    const message = error instanceof FeedError ? error.message : `The sync failed: ${String(error)}`;
    await ctx.db.transaction(async (tx) => {
      await feedRepo.insertSync(tx, {
        ...syncRow(provider, request, startedAt, ctx.clock.now()),
        error: message,
      });
      await feedRepo.updateFeedState(tx, provider.source, { lastSyncAt: startedAt, lastError: message });
    });
    throw error instanceof FeedError ? error : new FeedError(message);
  }
  // Read before the transaction (on PGlite a read outside it would wait for it): settled weeks need it.
  const season = await currentSeasonWeek(ctx);
  let gradedIds: string[] = [];
  let liveScores = false;
  const synced = await ctx.db.transaction(async (tx) => {
    const result = await apply(ctx, tx, provider.source, request, fetched, {
      settle: (ids) => (gradedIds = ids),
      scores: () => (liveScores = true),
    });
    await feedRepo.insertSync(tx, { ...syncRow(provider, request, startedAt, ctx.clock.now()), ...result });
    await feedRepo.updateFeedState(tx, provider.source, {
      lastSyncAt: startedAt,
      lastSuccessAt: startedAt,
      lastError: null,
    });
    return result;
  });
  if (liveScores) scoresCommitted(ctx.database);
  // The weeks these grades settled: their players are told once the sync has committed.
  await announceAfterGrading(ctx, gradedIds, season);
  return synced;
}

const syncRow = (provider: FeedProvider, request: SyncRequest, startedAt: Date, finishedAt: Date) => ({
  source: provider.source,
  kind: request.kind,
  season: request.season,
  weeks: request.weeks,
  startedAt,
  finishedAt,
});

/** Every week, a few at a time; the first failure stops the rest (nothing is applied then anyway). */
async function fetchWeeks(provider: FeedProvider, request: SyncRequest, signal?: AbortSignal) {
  const stop = new AbortController();
  const abort = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const results: FeedWeek[] = new Array(request.weeks.length);
  let next = 0;
  const worker = async () => {
    while (next < request.weeks.length && !abort.aborted) {
      const index = next++;
      results[index] = await provider.fetchWeek(request.season, request.weeks[index]!, abort);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, request.weeks.length) }, worker));
  } catch (error) {
    stop.abort();
    throw error;
  }
  return results;
}

const matchKey = (game: { week: number; homeTeam: string; awayTeam: string }) =>
  `${game.week}|${game.homeTeam}|${game.awayTeam}`;

const matchup = (game: Pick<GameRow, "awayTeam" | "homeTeam" | "week" | "season">) =>
  `${game.awayTeam} @ ${game.homeTeam}, week ${game.week} of ${game.season}`;

async function apply(
  ctx: AppContext,
  tx: Executor,
  source: string,
  request: SyncRequest,
  fetched: FeedWeek[],
  hear: {
    /** Which games were graded (or voided): the weeks they settle are told after the commit. */
    settle: (gradedIds: string[]) => void;
    /** The sync is a score update: this instance's games are cleared after the commit. */
    scores: () => void;
  },
): Promise<FeedSyncResult> {
  const now = ctx.clock.now();
  const teams = new Set((await listTeams(tx)).filter((team) => team.isActive).map((team) => team.code));
  const stored = await feedRepo.lockSeasonGames(tx, request.season);
  const inPlay = await feedRepo.gamesInPlay(tx, request.season);
  const byExternal = new Map(
    stored
      .filter((row) => row.externalSource === source && row.externalId)
      .map((row) => [row.externalId!, row]),
  );
  const byKey = new Map(stored.map((row) => [matchKey(row), row]));
  const skipped: FeedSkip[] = fetched.flatMap((week) => week.skipped);
  const matched = new Set<string>();
  const newKeys = new Set<string>();
  const inserts: GameInsert[] = [];
  const updates: { row: GameRow; patch: GamePatch; picks: PicksAction }[] = [];
  let unchanged = 0;

  for (const fed of fetched.flatMap((week) => week.games)) {
    const unknown = [fed.homeTeam, fed.awayTeam].filter((code) => !teams.has(code));
    if (unknown.length > 0) {
      skipped.push({ eventId: fed.externalId, reason: `has an unknown team (${unknown.join(", ")})` });
      continue;
    }
    const byId = byExternal.get(fed.externalId);
    const sameGame = byKey.get(matchKey(fed));
    const row =
      byId ??
      (sameGame && (sameGame.externalSource !== source || !sameGame.externalId) ? sameGame : undefined);
    if (!row && sameGame) {
      skipped.push({
        eventId: fed.externalId,
        reason: `matches ${matchup(sameGame)}, linked to another event`,
      });
      continue;
    }
    if (row && matched.has(row.id)) {
      skipped.push({ eventId: fed.externalId, reason: `matches ${matchup(row)} a second time` });
      continue;
    }
    if (!row) {
      const created = newGameFrom(fed, now);
      if (!created.ok) {
        skipped.push({ eventId: fed.externalId, reason: created.reason });
        continue;
      }
      if (newKeys.has(matchKey(fed))) {
        skipped.push({ eventId: fed.externalId, reason: "repeats another event's game" });
        continue;
      }
      newKeys.add(matchKey(fed));
      const { pinned: _pinned, spread, overUnder, ...game } = created.game;
      inserts.push({
        ...game,
        ...toColumns({ spread, overUnder }),
        externalSource: source,
        externalId: fed.externalId,
      });
      continue;
    }
    matched.add(row.id);
    const taken = byKey.get(matchKey(fed));
    const outcome = mergeFedGame(toStored(row), fed, {
      now,
      weekLocked: inPlay.has(row.id),
      weekTaken: taken !== undefined && taken.id !== row.id,
    });
    if (!outcome.ok) {
      skipped.push({ eventId: fed.externalId, reason: outcome.reason });
      continue;
    }
    if (Object.keys(outcome.patch).length === 0) {
      unchanged += 1;
      continue;
    }
    if (outcome.patch.week !== undefined) {
      byKey.delete(matchKey(row));
      byKey.set(matchKey(fed), row);
    }
    updates.push({ row, patch: outcome.patch, picks: outcome.picks });
  }

  const fetchedWeeks = new Set(request.weeks);
  // An event skipped as bad is still listed by the source: its game is named there, not "missing".
  const listedIds = new Set([
    ...fetched.flatMap((week) => week.games.map((game) => game.externalId)),
    ...skipped.map((skip) => skip.eventId),
  ]);
  const missing: FeedMissing[] = stored
    .filter((row) => fetchedWeeks.has(row.week) && !matched.has(row.id))
    .filter((row) => !(row.externalSource === source && row.externalId && listedIds.has(row.externalId)))
    .map((row) => ({ gameId: row.id, game: matchup(row) }));

  let graded = 0;
  const written: { game: GameRow; patch: GamePatch; picks: PicksAction }[] = [];
  if (inserts.length > 0) {
    const created = await tx.insert(games).values(inserts).returning();
    for (const game of created) if (game.status === "final") graded += 1;
  }
  for (const update of updates) {
    const [game] = await tx
      .update(games)
      .set({
        ...toColumns(update.patch),
        ...(update.patch.externalId && { externalSource: source }),
        updatedAt: new Date(),
      })
      .where(eq(games.id, update.row.id))
      .returning();
    written.push({ game: game!, patch: update.patch, picks: update.picks });
    if (update.picks === "grade") {
      await gradePicksOnGame(tx, game!);
      graded += 1;
    } else if (update.picks === "void") {
      await picksRepo.voidPicksOnGame(tx, game!.id, { invalidate: false });
      graded += 1;
    } else if (update.picks === "reset") {
      await picksRepo.resetGradesOnGame(tx, game!.id, { invalidate: false });
    }
  }
  hear.settle(
    written.filter((change) => change.picks === "grade" || change.picks === "void").map((c) => c.game.id),
  );
  const result = { created: inserts.length, updated: updates.length, unchanged, graded, skipped, missing };
  if (inserts.length === 0 && updates.length === 0) return result;
  const details = {
    season: request.season,
    weeks: request.weeks,
    created: result.created,
    updated: result.updated,
    graded,
  };
  const states = written.map((change) => gameState(change.game));
  const gradedIds = written.filter((change) => change.picks !== null).map((change) => change.game.id);
  const live =
    inserts.length === 0 &&
    written.every((change) => isLiveChange(change.patch)) &&
    JSON.stringify(states).length + 40 * gradedIds.length < MAX_NOTICE_GAMES_BYTES;
  if (!live) {
    // Once per sync, not once per game: every instance reads the games and the contests again.
    await invalidate(tx, "games");
    await recordActivity(tx, { actorId: null, action: "games.synced", details });
    return result;
  }
  // Games being played (issue 19): the games are read again, and the standings of the contests a
  // final graded; pages are sent the games' new states and need not ask.
  const restatused = written
    .filter((change) => change.patch.status !== undefined)
    .map((change) => change.game.id);
  await invalidateScores(tx);
  hear.scores();
  const touched = await findContestsOnGames(tx, { picksOn: gradedIds, extrasOn: restatused });
  await invalidateContests(tx, [...touched.keys()]);
  await recordActivity(tx, {
    actorId: null,
    action: "games.synced",
    details,
    notice: { games: states, graded: gradedIds },
  });
  return result;
}

/** What a score update tells pages of a game. */
const gameState = (game: GameRow): GameState => ({
  id: game.id,
  status: game.status,
  homeScore: game.homeScore,
  awayScore: game.awayScore,
  period: game.period,
  clock: game.clock,
  phase: game.phase,
});

const decimal = (value: string | null) => (value === null ? null : Number(value));

function toStored(row: GameRow) {
  return {
    ...row,
    spread: decimal(row.spread),
    overUnder: decimal(row.overUnder),
  };
}

function toColumns(patch: GamePatch): Partial<GameInsert> {
  const { spread, overUnder, ...rest } = patch;
  return {
    ...rest,
    ...(spread !== undefined && { spread: spread === null ? null : spread.toFixed(1) }),
    ...(overUnder !== undefined && { overUnder: overUnder === null ? null : overUnder.toFixed(1) }),
  };
}

/** GET /api/admin/feed. */
export async function feedStatus(ctx: AppContext, source: string, enabled: boolean): Promise<FeedStatus> {
  const [state, recent] = await Promise.all([
    feedRepo.findFeedState(ctx.db, source),
    feedRepo.recentSyncs(ctx.db, source, RECENT_SYNCS),
  ]);
  const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
  return {
    enabled,
    source,
    lastSyncAt: iso(state?.lastSyncAt),
    lastSuccessAt: iso(state?.lastSuccessAt),
    lastError: state?.lastError ?? null,
    nextSyncAt: enabled ? iso(state?.nextSyncAt) : null,
    recent: recent.map((row) => ({
      id: row.id,
      kind: row.kind as FeedSyncKind,
      season: row.season,
      weeks: row.weeks,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt.toISOString(),
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      graded: row.graded,
      skipped: row.skipped,
      missing: row.missing,
      error: row.error,
    })),
  };
}

/** The running feed of an app: its source, and the poller that holds it up to date (null when off). */
export interface Feed {
  provider: FeedProvider | null;
}

/**
 * An admin's "Sync now" (`POST /api/admin/feed/sync`): one week, a whole season, or (neither
 * given) every unsettled week of the current season. Runs to its end; a failed source is a 502.
 */
export async function manualSync(ctx: AppContext, feed: Feed, body: FeedSyncBody): Promise<FeedSyncResult> {
  if (!feed.provider) throw conflict('The data feed is off (FEED_URL is "off").');
  const { season: current } = await currentSeasonWeek(ctx);
  const season = body.season ?? current;
  const weeks = body.week ? [body.week] : body.season ? allWeeks() : await unsettledWeeks(ctx, season);
  if (weeks.length === 0)
    return { created: 0, updated: 0, unchanged: 0, graded: 0, skipped: [], missing: [] };
  try {
    return await syncWeeks(ctx, feed.provider, { season, weeks, kind: "manual" });
  } catch (error) {
    if (error instanceof FeedError) throw new AppError(502, error.message);
    throw error;
  }
}

const allWeeks = () => Array.from({ length: SEASON_WEEKS }, (_, index) => index + 1);

/** Weeks with a game not yet final (or canceled), and weeks with no game stored yet. */
async function unsettledWeeks(ctx: AppContext, season: number): Promise<number[]> {
  const stored = await listSeasonGames(ctx.db, season);
  return allWeeks().filter((week) => {
    const ofWeek = stored.filter((game) => game.week === week);
    return (
      ofWeek.length === 0 || ofWeek.some((game) => game.status !== "final" && game.status !== "canceled")
    );
  });
}
