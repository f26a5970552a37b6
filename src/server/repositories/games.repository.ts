import { and, asc, desc, eq, getTableColumns, inArray, max, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { games } from "../db/schema";

export type GameRow = typeof games.$inferSelect;

export async function listWeekGames(db: Executor, season: number, week: number): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.season, season), eq(games.week, week)))
    .orderBy(asc(games.gameDate), asc(games.awayTeam));
}

/** A season's games. */
export async function listSeasonGames(db: Executor, season: number): Promise<GameRow[]> {
  return db.select().from(games).where(eq(games.season, season));
}

/**
 * Each season's first kickoff: what the season calendar is computed from. Until week 1 is known (a
 * data feed may list week 3 first), a game of week W stands for a kickoff W - 1 weeks earlier, so
 * the season is still anchored on its week 1.
 */
export async function seasonOpenings(db: Executor): Promise<{ season: number; firstKickoff: Date }[]> {
  const rows = await db
    .select({
      season: games.season,
      firstKickoff: sql<Date>`coalesce(
        min(${games.gameDate}) filter (where ${games.week} = 1),
        min(${games.gameDate} - make_interval(weeks => ${games.week} - 1)))`.mapWith(games.gameDate),
    })
    .from(games)
    .groupBy(games.season);
  return rows.flatMap((row) =>
    row.firstKickoff ? [{ season: row.season, firstKickoff: row.firstKickoff }] : [],
  );
}

/**
 * Inserts the games not there yet (by season, week and teams), and returns them. What is there is
 * read first, so a start on loaded data sends one light read instead of an insert of every row.
 */
export async function insertGamesIfMissing(
  db: Executor,
  rows: (typeof games.$inferInsert)[],
): Promise<GameRow[]> {
  if (rows.length === 0) return [];
  const keyOf = (game: Pick<GameRow, "season" | "week" | "homeTeam" | "awayTeam">) =>
    `${game.season}|${game.week}|${game.homeTeam}|${game.awayTeam}`;
  const seasons = [...new Set(rows.map((row) => row.season))];
  const present = new Set(
    (
      await db
        .select({
          season: games.season,
          week: games.week,
          homeTeam: games.homeTeam,
          awayTeam: games.awayTeam,
        })
        .from(games)
        .where(inArray(games.season, seasons))
    ).map(keyOf),
  );
  const missing = rows.filter((row) => !present.has(keyOf(row)));
  if (missing.length === 0) return [];
  const inserted = await db
    .insert(games)
    .values(missing)
    .onConflictDoNothing({ target: [games.season, games.week, games.homeTeam, games.awayTeam] })
    .returning();
  if (inserted.length > 0) await clearNow(db, "games");
  return inserted;
}

export async function countGames(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(games);
  return row?.n ?? 0;
}

export type GameInsert = typeof games.$inferInsert;

export function listAllGames(db: Executor): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .orderBy(asc(games.season), asc(games.week), asc(games.gameDate), asc(games.awayTeam));
}

export async function findGame(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(games).where(eq(games.id, id));
  const [row] = await (options.forUpdate ? query.for("update") : query);
  return row;
}

export async function insertGame(db: Executor, values: GameInsert): Promise<GameRow> {
  const [row] = await db.insert(games).values(values).returning();
  await clearNow(db, "games");
  return row!;
}

/** `clearCache: false`: the caller clears the read cache itself (a game change, game-changes.ts). */
export async function updateGame(
  db: Executor,
  id: string,
  values: Partial<GameInsert>,
  options: { clearCache?: boolean } = {},
): Promise<GameRow> {
  const [row] = await db
    .update(games)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(games.id, id))
    .returning();
  if (options.clearCache !== false) await clearNow(db, "games");
  return row!;
}

export async function deleteGame(db: Executor, id: string): Promise<void> {
  await db.delete(games).where(eq(games.id, id));
  await clearNow(db, "games");
}

/**
 * Inserts new games and updates changed ones on the matchup key, in one statement. Rows that match
 * an existing game exactly are left alone and not returned; `changed` holds the others as written.
 */
export async function upsertGames(
  db: Executor,
  rows: GameInsert[],
): Promise<{ created: number; updated: number; changed: GameRow[] }> {
  if (rows.length === 0) return { created: 0, updated: 0, changed: [] };
  const changed = await db
    .insert(games)
    .values(rows)
    .onConflictDoUpdate({
      target: [games.season, games.week, games.homeTeam, games.awayTeam],
      set: {
        gameDate: sql`excluded.game_date`,
        spread: sql`excluded.spread`,
        overUnder: sql`excluded.over_under`,
        favoriteTeam: sql`excluded.favorite_team`,
        status: sql`excluded.status`,
        homeScore: sql`excluded.home_score`,
        awayScore: sql`excluded.away_score`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${games.gameDate}, ${games.spread}, ${games.overUnder}, ${games.favoriteTeam}, ${games.status}, ${games.homeScore}, ${games.awayScore})
        is distinct from (excluded.game_date, excluded.spread, excluded.over_under, excluded.favorite_team, excluded.status, excluded.home_score, excluded.away_score)`,
    })
    .returning({ ...getTableColumns(games), inserted: sql<boolean>`(xmax = 0)` });
  if (changed.length > 0) await clearNow(db, "games");
  const created = changed.filter((row) => row.inserted).length;
  return {
    created,
    updated: changed.length - created,
    changed: changed.map(({ inserted: _inserted, ...game }) => game),
  };
}

export async function findGamesByIds(db: Executor, ids: string[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(games).where(inArray(games.id, ids));
}

/** Per week of a season: its last kickoff (a week is over for picking once every game has started). */
export async function weekKickoffs(db: Executor, seasons: number[]) {
  if (seasons.length === 0) return [];
  return db
    .select({ season: games.season, week: games.week, lastKickoff: max(games.gameDate) })
    .from(games)
    .where(inArray(games.season, seasons))
    .groupBy(games.season, games.week);
}

/**
 * Each week's last game of these seasons: the last kickoff, and of games kicking off together the
 * one listed last on the week's schedule (by away team), as `listWeekGames` orders them. The weekly
 * tiebreaker is played on it (docs/rules.md, "Contest options").
 */
export async function lastGamesOfWeeks(db: Executor, seasons: number[]) {
  if (seasons.length === 0) return [];
  return db
    .selectDistinctOn([games.season, games.week], {
      id: games.id,
      season: games.season,
      week: games.week,
      gameDate: games.gameDate,
      status: games.status,
      homeScore: games.homeScore,
      awayScore: games.awayScore,
    })
    .from(games)
    .where(inArray(games.season, seasons))
    .orderBy(games.season, games.week, desc(games.gameDate), desc(games.awayTeam));
}

/**
 * Of these games, the ones that are the last game of their week, with their week: a final of one
 * may settle the week of a contest playing the tiebreaker.
 */
export async function lastGamesAmong(db: Executor, gameIds: readonly string[]) {
  if (gameIds.length === 0) return [];
  const weeks = await db
    .selectDistinct({ season: games.season, week: games.week })
    .from(games)
    .where(inArray(games.id, [...gameIds]));
  const last = await lastGamesOfWeeks(db, [...new Set(weeks.map((row) => row.season))]);
  const ids = new Set(gameIds);
  return last.filter((game) => ids.has(game.id)).map(({ id, season, week }) => ({ id, season, week }));
}
