import { gameDiff, picksAfterEdit, type GamePatch, type StoredGame } from "@/domain/feed";
import { favoriteOf } from "@/domain/grading";
import type { CreateGameBody, Game, PinnableField, ScoreResult, UpdateGameBody } from "@/contracts/games";
import { createGameBody, pinnableFields } from "@/contracts/games";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { clearNow, readCache } from "../db/read-cache";
import { badRequest, conflict, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as gamesRepo from "../repositories/games.repository";
import type { GameInsert, GameRow } from "../repositories/games.repository";
import * as picksRepo from "../repositories/picks.repository";
import { countProposalsOnGame } from "../repositories/proposals.repository";
import { listTeams } from "../repositories/teams.repository";
import type { UserRow } from "../repositories/users.repository";
import {
  announceAfterGrading,
  gameChangesCommitted,
  gradePicksOnGame,
  recordGameChanges,
  recordLineMoves,
  settlePicks,
} from "./game-changes";
import { currentSeasonWeek } from "./season.service";

export const GAME_NOT_FOUND = "Game not found.";

/**
 * A game as the API sends it: the contract's fields, no others (the row's own bookkeeping, its
 * feed's source and its times of writing, stays in the database). Every pick of the weekly results
 * carries one: no field more than the client reads (decision 053).
 */
export function toGame(row: GameRow): Game {
  return {
    id: row.id,
    season: row.season,
    week: row.week,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    gameDate: row.gameDate.toISOString(),
    spread: row.spread,
    overUnder: row.overUnder,
    favoriteTeam: row.favoriteTeam,
    status: row.status,
    homeScore: row.homeScore,
    awayScore: row.awayScore,
    period: row.period,
    clock: row.clock,
    phase: row.phase,
    externalId: row.externalId,
    pinned: row.pinned,
  };
}

/** Postgres' unique violation, whichever driver raised it (Drizzle wraps it as the cause). */
/** A unique index refused the write; with `index`, that index. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => {
    const failure = e as { code?: string; constraint?: string } | undefined;
    return failure?.code === "23505" && (index === undefined || failure.constraint === index);
  });
}

const duplicateMessage = (game: Pick<GameInsert, "awayTeam" | "homeTeam" | "week" | "season">) =>
  `This game already exists: ${game.awayTeam} @ ${game.homeTeam} in week ${game.week} of ${game.season}.`;

/** The favorite a game's line names: the one given, else from the spread's sign (negative: home). */
export function lineFavorite(game: {
  homeTeam: string;
  awayTeam: string;
  spread?: number | null;
  favoriteTeam?: string | null;
}) {
  if (game.spread == null || game.spread === 0) return null;
  return favoriteOf(game, game.spread, game.favoriteTeam ?? null);
}

async function knownTeams(db: Executor): Promise<Set<string>> {
  return new Set((await listTeams(db)).filter((team) => team.isActive).map((team) => team.code));
}

function checkTeams(teams: Set<string>, game: { homeTeam: string; awayTeam: string }): string | null {
  for (const code of [game.homeTeam, game.awayTeam]) if (!teams.has(code)) return `Unknown team: ${code}.`;
  return null;
}

/** Turns a validated game body into the row to store. */
export function toRow(body: ReturnType<typeof createGameBody.parse>): GameInsert {
  return {
    week: body.week,
    season: body.season,
    homeTeam: body.homeTeam,
    awayTeam: body.awayTeam,
    gameDate: new Date(body.gameDate),
    spread: body.spread == null ? null : body.spread.toFixed(1),
    overUnder: body.overUnder == null ? null : body.overUnder.toFixed(1),
    favoriteTeam: lineFavorite(body),
    status: body.status,
    homeScore: body.homeScore ?? null,
    awayScore: body.awayScore ?? null,
  };
}

export async function listGames(ctx: AppContext): Promise<Game[]> {
  return (await gamesRepo.listAllGames(ctx.db)).map(toGame);
}

/** A week's games as the JSON the API sends: read and serialized once until the games change. */
export async function listWeekJson(ctx: AppContext, season: number, week: number): Promise<string> {
  return readCache(ctx.database).through("games", `week-json:${season}:${week}`, async () =>
    JSON.stringify(await listWeek(ctx, season, week)),
  );
}

/** The bytes of cached weeks' JSON, beside it: made once, not at every answer (decision 020). */
const weekBodies = new Map<string, { json: string; body: Buffer }>();

/** That JSON's bytes when memory holds it (most requests), without a promise; undefined otherwise. */
export function cachedWeekBody(ctx: AppContext, season: number, week: number): Buffer | undefined {
  const key = `week-json:${season}:${week}`;
  const json = readCache(ctx.database).get<string>("games", key);
  if (json === undefined) return undefined;
  const known = weekBodies.get(key);
  if (known?.json === json) {
    known.json = json; // the cached string itself: the next comparison is of one reference
    return known.body;
  }
  const body = Buffer.from(json);
  weekBodies.set(key, { json, body });
  return body;
}

/**
 * A season's games by id, from memory until the games change. `db` reads them on a miss: inside a
 * transaction, pass the transaction (PGlite runs one statement at a time).
 */
export async function seasonGamesById(
  ctx: AppContext,
  season: number,
): Promise<ReadonlyMap<string, GameRow>> {
  return readCache(ctx.database).through(
    "games",
    `season:${season}`,
    async () => new Map((await gamesRepo.listSeasonGames(ctx.db, season)).map((game) => [game.id, game])),
  );
}

/** A season's games by id, each as the JSON the API sends: from memory until the games change. */
export async function seasonGamesJson(ctx: AppContext, season: number): Promise<ReadonlyMap<string, string>> {
  return readCache(ctx.database).through("games", `season-json:${season}`, async () => {
    const byId = await seasonGamesById(ctx, season);
    return new Map([...byId].map(([id, game]) => [id, JSON.stringify(toGame(game))]));
  });
}

export async function listWeek(ctx: AppContext, season: number, week: number): Promise<Game[]> {
  return (await listWeekRows(ctx, season, week)).map(toGame);
}

/** A week's games as stored, from memory until the games change. */
export function listWeekRows(ctx: AppContext, season: number, week: number): Promise<GameRow[]> {
  return readCache(ctx.database).through("games", `week:${season}:${week}`, () =>
    gamesRepo.listWeekGames(ctx.db, season, week),
  );
}

/**
 * A game saved as final before its kickoff (by the app's clock) is most likely a slip of the
 * admin's hand: it is refused unless the admin confirmed it (docs/rules.md).
 */
function checkFinalBeforeKickoff(
  ctx: AppContext,
  row: GameInsert,
  wasFinal: boolean,
  confirmed: boolean | undefined,
): void {
  if (row.status !== "final" || wasFinal || confirmed) return;
  if (row.gameDate.getTime() <= ctx.clock.now().getTime()) return;
  throw conflict(FINAL_BEFORE_KICKOFF(row));
}

export const FINAL_BEFORE_KICKOFF = (game: Pick<GameInsert, "awayTeam" | "homeTeam">) =>
  `${game.awayTeam} @ ${game.homeTeam} has not kicked off yet: confirm to save it as final before its kickoff.`;

export async function createGame(ctx: AppContext, admin: UserRow, input: CreateGameBody): Promise<Game> {
  const body = createGameBody.parse(input);
  const row = toRow(body);
  const problem = checkTeams(await knownTeams(ctx.db), row);
  if (problem) throw badRequest(problem);
  checkFinalBeforeKickoff(ctx, row, false, body.confirmFinalBeforeKickoff);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const game = await gamesRepo.insertGame(tx, row);
      await recordLineMoves(tx, [{ game, before: null }], { source: "admin", now: ctx.clock.now() });
      await recordActivity(tx, {
        actorId: admin.id,
        action: "game.created",
        details: { game: matchup(game) },
      });
      return game;
    });
    return toGame(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateMessage(row));
    throw error;
  }
}

const matchup = (game: Pick<GameRow, "awayTeam" | "homeTeam" | "week" | "season">) =>
  `${game.awayTeam} @ ${game.homeTeam}, week ${game.week} of ${game.season}`;

/**
 * A full edit or score entry. A game with picks keeps its teams, week and season. Saving a final
 * grades its picks at once, through the data feed's path (`gradePicksOnGame`); a game that stops
 * being final has its picks' grades reset until it is final again.
 */
export async function updateGame(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  patch: UpdateGameBody,
): Promise<Game> {
  const teams = await knownTeams(ctx.db);
  const season = await currentSeasonWeek(ctx);
  try {
    const { game: updated, recorded } = await ctx.db.transaction(async (tx) => {
      const current = await gamesRepo.findGame(tx, id, { forUpdate: true });
      if (!current) throw notFound(GAME_NOT_FOUND);
      const merged = createGameBody.safeParse({
        ...toGame(current),
        homeScore: current.homeScore,
        awayScore: current.awayScore,
        ...stripUndefined(patch),
        // A new spread without a named favorite: the favorite follows the new spread's sign.
        ...(patch.spread !== undefined && patch.favoriteTeam === undefined && { favoriteTeam: null }),
      });
      if (!merged.success) throw badRequest(merged.error.issues[0]?.message ?? "Invalid game");
      const row = toRow(merged.data);
      const problem = checkTeams(teams, row);
      if (problem) throw badRequest(problem);
      checkFinalBeforeKickoff(ctx, row, current.status === "final", patch.confirmFinalBeforeKickoff);
      const moved =
        row.homeTeam !== current.homeTeam ||
        row.awayTeam !== current.awayTeam ||
        row.week !== current.week ||
        row.season !== current.season;
      if (moved && (await picksRepo.countPicksOnGame(tx, id)) > 0) {
        throw conflict("This game has picks: its teams, week and season cannot change.");
      }
      if (moved && (await countProposalsOnGame(tx, id)) > 0) {
        throw conflict("This game was proposed as an extra game: its teams, week and season cannot change.");
      }
      const game = await gamesRepo.updateGame(
        tx,
        id,
        { ...row, pinned: pinsAfterEdit(current, row) },
        { clearCache: false },
      );
      // The same path as the data feed's: picks settled, then what the change touches cleared and
      // announced by the one rule of game-changes.ts (a score entered by hand is a score update).
      const picks = picksAfterEdit(current, game);
      const graded = await settlePicks(tx, game, picks);
      const { confirmFinalBeforeKickoff: _confirmed, ...changes } = stripUndefined(patch);
      const recorded = await recordGameChanges(
        tx,
        [{ game, before: current, patch: editPatch(current, game, moved), picks }],
        {
          actorId: admin.id,
          action: "game.updated",
          details: {
            game: matchup(game),
            changes: Object.keys(changes),
            ...(picks === "grade" && { graded }),
          },
        },
        { source: "admin", now: ctx.clock.now() },
      );
      return { game, recorded };
    });
    await gameChangesCommitted(ctx, recorded, season);
    return toGame(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Another game already has these teams in this week.");
    throw error;
  }
}

/** What an edit changed of a game, as the feed's changes say it; a game moved to other teams or season is no score update. */
function editPatch(before: GameRow, after: GameRow, moved: boolean): GamePatch {
  const patch = gameDiff(asStoredGame(before), asStoredGame(after));
  return moved ? { ...patch, week: after.week } : patch;
}

const decimal = (value: string | null | undefined) => (value == null ? null : Number(value));

/** A row as the domain's rules of a game read it (numbers for the line). */
const asStoredGame = (row: GameRow): StoredGame => ({
  ...row,
  spread: decimal(row.spread),
  overUnder: decimal(row.overUnder),
});

/** The fields an admin changed by hand are pinned: the data feed leaves them alone (docs/rules.md). */
function pinsAfterEdit(current: GameRow, row: GameInsert): PinnableField[] {
  const pins = new Set<PinnableField>(current.pinned);
  if (
    decimal(row.spread) !== decimal(current.spread) ||
    decimal(row.overUnder) !== decimal(current.overUnder) ||
    (row.favoriteTeam ?? null) !== current.favoriteTeam
  ) {
    pins.add("line");
  }
  if (row.gameDate && new Date(row.gameDate).getTime() !== current.gameDate.getTime()) pins.add("kickoff");
  if ((row.homeScore ?? null) !== current.homeScore || (row.awayScore ?? null) !== current.awayScore) {
    pins.add("score");
  }
  if (row.status !== undefined && row.status !== current.status) pins.add("status");
  return pinnableFields.filter((field) => pins.has(field));
}

/** "Follow the feed again": the game's pins are cleared; the next sync brings the source's values. */
export async function followFeed(ctx: AppContext, admin: UserRow, id: string): Promise<Game> {
  const game = await ctx.db.transaction(async (tx) => {
    const current = await gamesRepo.findGame(tx, id, { forUpdate: true });
    if (!current) throw notFound(GAME_NOT_FOUND);
    if (current.pinned.length === 0) return current;
    const updated = await gamesRepo.updateGame(tx, id, { pinned: [] });
    await recordActivity(tx, {
      actorId: admin.id,
      action: "game.followed",
      details: { game: matchup(updated) },
    });
    return updated;
  });
  return toGame(game);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function deleteGame(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const game = await gamesRepo.findGame(tx, id, { forUpdate: true });
    if (!game) throw notFound(GAME_NOT_FOUND);
    if ((await picksRepo.countPicksOnGame(tx, id)) > 0) {
      throw conflict("This game has picks and cannot be deleted. Correct it instead.");
    }
    if ((await countProposalsOnGame(tx, id)) > 0) {
      throw conflict("This game was proposed as an extra game and cannot be deleted. Correct it instead.");
    }
    await gamesRepo.deleteGame(tx, id);
    await recordActivity(tx, { actorId: admin.id, action: "game.deleted", details: { game: matchup(game) } });
  });
}

/**
 * Grades every pick on a final game against the line it was made at. Picks are graded per distinct
 * line (a handful), so the work is two statements however many picks there are. Idempotent; run it
 * again after a score correction.
 */
export async function scoreGame(ctx: AppContext, admin: UserRow, id: string): Promise<ScoreResult> {
  // Read before the transaction (on PGlite a read outside it would wait for it): settled weeks need it.
  const season = await currentSeasonWeek(ctx);
  const scored = await ctx.db.transaction(async (tx) => {
    const game = await gamesRepo.findGame(tx, id, { forUpdate: true });
    if (!game) throw notFound(GAME_NOT_FOUND);
    if (game.status !== "final" || game.homeScore === null || game.awayScore === null) {
      throw conflict("Only a final game with both scores can be scored.");
    }
    const graded = await gradePicksOnGame(tx, game);
    // A grading again of a final, no field changed: what is cached of the games (and so of every
    // contest) is read again, and open pages refetch (its event carries no games).
    await clearNow(tx, "games");
    await recordActivity(tx, {
      actorId: admin.id,
      action: "game.scored",
      details: { game: matchup(game), graded },
    });
    return { gameId: id, graded };
  });
  await announceAfterGrading(ctx, [id], season);
  return scored;
}
