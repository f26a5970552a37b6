import { eq } from "drizzle-orm";
import type {
  FeedMissing,
  FeedSkip,
  FeedStatus,
  FeedSyncBody,
  FeedSyncKind,
  FeedSyncResult,
} from "@/contracts/feed";
import { mergeFedGame, newGameFrom, type FedGame, type GamePatch, type PicksAction } from "@/domain/feed";
import { LAST_WEEK } from "@/domain/postseason";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { games } from "../db/schema";
import { AppError, conflict } from "../errors";
import { FeedError, type FeedProvider, type FeedWeek } from "../feed/provider";
import * as feedRepo from "../repositories/feed.repository";
import { listSeasonGames, type GameInsert, type GameRow } from "../repositories/games.repository";
import { listTeams } from "../repositories/teams.repository";
import {
  gameChangesCommitted,
  recordGameChanges,
  settlePicks,
  type GameChange,
  type RecordedGameChanges,
} from "./game-changes";
import { currentSeasonWeek } from "./season.service";

export interface SyncRequest {
  season: number;
  weeks: number[];
  kind: FeedSyncKind;
}

/** Weeks are fetched a few at a time: a season is 22 requests. */
const PARALLEL_FETCHES = 4;
const RECENT_SYNCS = 10;

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
    ctx.metrics?.feedFailed(request.kind);
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
  const { result: synced, recorded } = await ctx.db.transaction(async (tx) => {
    const applied = await apply(ctx, tx, provider.source, request, fetched);
    await feedRepo.insertSync(tx, {
      ...syncRow(provider, request, startedAt, ctx.clock.now()),
      ...applied.result,
    });
    await feedRepo.updateFeedState(tx, provider.source, {
      lastSyncAt: startedAt,
      lastSuccessAt: startedAt,
      lastError: null,
    });
    return applied;
  });
  if (recorded) await gameChangesCommitted(ctx, recorded, season);
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

/**
 * A fetch applied in the sync's transaction, in four steps: what is stored (`storedGames`), what
 * each fetched event changes (`planChanges`, the rules of docs/rules.md "The data feed" through
 * `mergeFedGame`), the writes with their picks settled (`writeChanges`), then what the changes
 * touch cleared and announced and the lines they moved written (`recordGameChanges`, the admin's
 * edits' path too), all at one `now`: the one the merge froze the lines by.
 */
async function apply(
  ctx: AppContext,
  tx: Executor,
  source: string,
  request: SyncRequest,
  fetched: FeedWeek[],
): Promise<{ result: FeedSyncResult; recorded: RecordedGameChanges | null }> {
  const now = ctx.clock.now();
  const stored = await storedGames(tx, source, request.season);
  const plan = planChanges(stored, source, fetched, now);
  const missing = missingGames(stored, plan, source, request, fetched);
  const { changes, created, graded } = await writeChanges(tx, source, plan);
  const result = {
    created: plan.inserts.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    graded,
    skipped: plan.skipped,
    missing,
  };
  if (plan.inserts.length === 0 && plan.updates.length === 0) return { result, recorded: null };
  const details = {
    season: request.season,
    weeks: request.weeks,
    created: result.created,
    updated: result.updated,
    graded,
  };
  const recorded = await recordGameChanges(
    tx,
    changes,
    { actorId: null, action: "games.synced", details, created: plan.inserts.length },
    { source: "feed", now, created },
  );
  return { result, recorded };
}

/** The season's games as stored (locked for the sync), indexed the ways fetched events are matched. */
async function storedGames(tx: Executor, source: string, season: number) {
  const teams = new Set((await listTeams(tx)).filter((team) => team.isActive).map((team) => team.code));
  const rows = await feedRepo.lockSeasonGames(tx, season);
  const inPlay = await feedRepo.gamesInPlay(tx, season);
  const byExternal = new Map(
    rows
      .filter((row) => row.externalSource === source && row.externalId)
      .map((row) => [row.externalId!, row]),
  );
  const byKey = new Map(rows.map((row) => [matchKey(row), row]));
  return { teams, rows, inPlay, byExternal, byKey };
}
type StoredGames = Awaited<ReturnType<typeof storedGames>>;

interface SyncPlan {
  inserts: GameInsert[];
  updates: { row: GameRow; patch: GamePatch; picks: PicksAction }[];
  skipped: FeedSkip[];
  /** The stored games a fetched event matched. */
  matched: Set<string>;
  unchanged: number;
}

/** What each fetched event does: a new game, a change to a stored one, nothing, or a skip with its reason. */
function planChanges(stored: StoredGames, source: string, fetched: FeedWeek[], now: Date): SyncPlan {
  const plan: SyncPlan = {
    inserts: [],
    updates: [],
    skipped: fetched.flatMap((week) => week.skipped),
    matched: new Set(),
    unchanged: 0,
  };
  const newKeys = new Set<string>();
  const { byKey } = stored;
  const skip = (fed: FedGame, reason: string) => plan.skipped.push({ eventId: fed.externalId, reason });
  for (const fed of fetched.flatMap((week) => week.games)) {
    const unknown = [fed.homeTeam, fed.awayTeam].filter((code) => !stored.teams.has(code));
    if (unknown.length > 0) {
      skip(fed, `has an unknown team (${unknown.join(", ")})`);
      continue;
    }
    const byId = stored.byExternal.get(fed.externalId);
    const sameGame = byKey.get(matchKey(fed));
    const row =
      byId ??
      (sameGame && (sameGame.externalSource !== source || !sameGame.externalId) ? sameGame : undefined);
    if (!row && sameGame) {
      skip(fed, `matches ${matchup(sameGame)}, linked to another event`);
      continue;
    }
    if (row && plan.matched.has(row.id)) {
      skip(fed, `matches ${matchup(row)} a second time`);
      continue;
    }
    if (!row) {
      const created = newGameFrom(fed, now);
      if (!created.ok) skip(fed, created.reason);
      else if (newKeys.has(matchKey(fed))) skip(fed, "repeats another event's game");
      else {
        newKeys.add(matchKey(fed));
        const { pinned: _pinned, spread, overUnder, ...game } = created.game;
        plan.inserts.push({
          ...game,
          ...toColumns({ spread, overUnder }),
          externalSource: source,
          externalId: fed.externalId,
        });
      }
      continue;
    }
    plan.matched.add(row.id);
    const taken = byKey.get(matchKey(fed));
    const outcome = mergeFedGame(toStored(row), fed, {
      now,
      weekLocked: stored.inPlay.has(row.id),
      weekTaken: taken !== undefined && taken.id !== row.id,
    });
    if (!outcome.ok) skip(fed, outcome.reason);
    else if (Object.keys(outcome.patch).length === 0) plan.unchanged += 1;
    else {
      if (outcome.patch.week !== undefined) {
        byKey.delete(matchKey(row));
        byKey.set(matchKey(fed), row);
      }
      plan.updates.push({ row, patch: outcome.patch, picks: outcome.picks });
    }
  }
  return plan;
}

/** The stored games of the fetched weeks that no event named. An event skipped as bad still names its game. */
function missingGames(
  stored: StoredGames,
  plan: SyncPlan,
  source: string,
  request: SyncRequest,
  fetched: FeedWeek[],
): FeedMissing[] {
  const fetchedWeeks = new Set(request.weeks);
  const listedIds = new Set([
    ...fetched.flatMap((week) => week.games.map((game) => game.externalId)),
    ...plan.skipped.map((skip) => skip.eventId),
  ]);
  return stored.rows
    .filter((row) => fetchedWeeks.has(row.week) && !plan.matched.has(row.id))
    .filter((row) => !(row.externalSource === source && row.externalId && listedIds.has(row.externalId)))
    .map((row) => ({ gameId: row.id, game: matchup(row) }));
}

/** The plan's writes, each changed game's picks settled as its change needs; how many were graded. */
async function writeChanges(tx: Executor, source: string, plan: SyncPlan) {
  let graded = 0;
  const changes: GameChange[] = [];
  const created = plan.inserts.length > 0 ? await tx.insert(games).values(plan.inserts).returning() : [];
  for (const game of created) if (game.status === "final") graded += 1;
  for (const update of plan.updates) {
    const [game] = await tx
      .update(games)
      .set({
        ...toColumns(update.patch),
        ...(update.patch.externalId && { externalSource: source }),
        updatedAt: new Date(),
      })
      .where(eq(games.id, update.row.id))
      .returning();
    changes.push({ game: game!, before: update.row, patch: update.patch, picks: update.picks });
    if ((await settlePicks(tx, game!, update.picks)) !== undefined) graded += 1;
  }
  return { changes, created, graded };
}

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

/** Every week of a season, the postseason's rounds included. */
const allWeeks = () => Array.from({ length: LAST_WEEK }, (_, index) => index + 1);

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
