// The benchmark's data set, written straight into the database (bulk inserts, one statement and so
// one transaction per batch; never through the API): 10,000 users, 5,000 active contests, the
// shipped 2025 season, graded picks for the finished weeks, proposals and activity in proportion.
import { createHash, randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, asc, eq, getTableColumns, lte, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { gradePick, type Market, type Side } from "@/domain/grading";
import { seasonWeek } from "@/domain/season";
import type { Database } from "@/server/db/client";
import {
  activity,
  contests,
  firstPickerAssignments,
  gameProposals,
  games,
  picks,
  sessions,
  users,
} from "@/server/db/schema";
import { seed as seedShipped } from "@/server/db/seed";
import { seasonOpenings } from "@/server/repositories/games.repository";

export const USERS = 10_000;
export const CONTESTS = 5_000;
export const SEASON = 2025;
export const PASSWORD = "bench-password-1";
/**
 * Picks per player and week in the bench contests: room for four 2-pick requests per contest (the
 * pick row's warm-up and its three). The first two contests hold two more, for the picks the query
 * count makes in them first.
 */
export const ALLOWANCE = 8;

export interface BenchData {
  /** Cookie values (fp_session) by user index; user 0 is the admin. */
  tokens: string[];
  userIds: string[];
  /** Contest i is between users 2i (player 1, the week's first picker) and 2i + 1. */
  contestIds: string[];
  currentWeek: number;
  /** The open games of the current week, for pick requests. */
  openGameIds: string[];
  /** A finished game carrying one pick of each side of both markets in every contest. */
  heavyGameId: string;
  heavyGamePicks: number;
  counts: Record<string, number>;
}

const BATCH = 10_000;

/**
 * Inserts rows in batches, each one statement (so one transaction) whose rows travel as a single
 * JSON parameter: far less work per row than one bound parameter per value. Every row of a table
 * has the same keys; the columns left out take their defaults.
 */
export async function insertBatches<T extends PgTable>(
  database: Database,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!);
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(", ");
  const types = keys.map((key) => `"${columns[key]!.name}" ${columns[key]!.getSQLType()}`).join(", ");
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(keys.map((key) => [columns[key]!.name, record[key] ?? null]));
    });
    await database.db.execute(
      sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(batch)}::json) as x(${sql.raw(types)})`,
    );
  }
}

/** The session token of the data set's user `index` (its hash is the session's id). */
export function tokenFor(index: number): string {
  return createHash("sha256").update(`bench-session-${index}`).digest("base64url");
}

type Game = typeof games.$inferSelect;
type PickRow = typeof picks.$inferInsert;
type ActivityRow = typeof activity.$inferInsert;
type ProposalRow = typeof gameProposals.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;

export async function seedBench(database: Database, now: Date): Promise<BenchData> {
  await seedShipped(database.db, now);
  const { currentWeek } = seasonWeek(now, await seasonOpenings(database.db), null);
  const { userIds, tokens } = await insertUsers(database, now);
  const contestIds = await insertContests(database, now, userIds, currentWeek);
  const { season, byWeek, openGameIds } = await readSeason(database, now, currentWeek);
  // Finished weeks: each player holds two picks a week. In the last finished week every contest
  // takes all four sides of one game (the scoring row's 20,000 picks).
  const lastFinished = currentWeek - 1;
  const heavyGame = (byWeek.get(lastFinished) ?? []).find((game) => game.status === "final")!;
  const history = finishedWeeks(byWeek, lastFinished, heavyGame, contestIds, userIds);
  await insertBatches(database, picks, history.picks);
  await insertBatches(database, activity, history.activity);
  await insertBatches(database, gameProposals, history.proposals);
  await settle(database);

  return {
    tokens,
    userIds,
    contestIds,
    currentWeek,
    openGameIds,
    heavyGameId: heavyGame.id,
    heavyGamePicks: history.picks.filter((row) => row.gameId === heavyGame.id).length,
    counts: {
      users: USERS,
      contests: CONTESTS,
      games: season.length,
      picks: history.picks.length,
      activity: history.activity.length,
      proposals: history.proposals.length,
    },
  };
}

/** The users (user 0 the admin) and a fresh session for each. */
async function insertUsers(database: Database, now: Date): Promise<{ userIds: string[]; tokens: string[] }> {
  const passwordHash = await hash(PASSWORD);
  const userIds = Array.from({ length: USERS }, () => randomUUID());
  await insertBatches(
    database,
    users,
    userIds.map((id, i) => ({
      id,
      email: `bench${i}@example.com`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      passwordHash,
      isAdmin: i === 0,
      createdAt: new Date(now.getTime() - 120 * DAY),
    })),
  );

  const tokens = userIds.map((_, i) => tokenFor(i));
  await insertBatches(
    database,
    sessions,
    userIds.map((userId, i) => ({
      id: createHash("sha256").update(tokens[i]!).digest("hex"),
      userId,
      // Fresh: the server never needs to extend them during the run.
      expiresAt: new Date(now.getTime() + 30 * DAY),
    })),
  );
  return { userIds, tokens };
}

/** Contest i between users 2i and 2i + 1, active, the first of them picking first this week. */
async function insertContests(
  database: Database,
  now: Date,
  userIds: string[],
  currentWeek: number,
): Promise<string[]> {
  const contestIds = Array.from({ length: CONTESTS }, () => randomUUID());
  await insertBatches(
    database,
    contests,
    contestIds.map((id, i) => ({
      id,
      name: `Bench contest ${i}`,
      status: "active" as const,
      player1Id: userIds[2 * i]!,
      player2Id: userIds[2 * i + 1]!,
      player2Email: `bench${2 * i + 1}@example.com`,
      betAmount: i % 4 === 0 ? 0 : 5 + (i % 3) * 5,
      isFree: i % 4 === 0,
      season: SEASON,
      startWeek: 1,
      totalWeeks: 18,
      maxPicksPerPlayer: i < 2 ? ALLOWANCE + 2 : ALLOWANCE,
      createdAt: new Date(now.getTime() - 100 * DAY),
    })),
  );

  // Player 1 picks first in the current week: the bench submits as them.
  await insertBatches(
    database,
    firstPickerAssignments,
    contestIds.map((contestId, i) => ({
      contestId,
      week: currentWeek,
      firstPickerId: userIds[2 * i]!,
      isManualOverride: true,
      updatedBy: userIds[0]!,
    })),
  );
  return contestIds;
}

/** The season's games up to the current week, by week, and the current week's open games. */
async function readSeason(database: Database, now: Date, currentWeek: number) {
  const season = await database.db
    .select()
    .from(games)
    .where(and(eq(games.season, SEASON), lte(games.week, currentWeek)))
    .orderBy(asc(games.week), asc(games.gameDate), asc(games.homeTeam));
  const byWeek = new Map<number, Game[]>();
  for (const game of season) byWeek.set(game.week, [...(byWeek.get(game.week) ?? []), game]);
  const openGameIds = (byWeek.get(currentWeek) ?? [])
    .filter((game) => game.gameDate > now && game.spread !== null && game.overUnder !== null)
    .map((game) => game.id);
  // The pick row picks one game per pick of the allowance; the query count, a pair after those.
  if (openGameIds.length < ALLOWANCE + 2) {
    throw new Error(
      `Week ${currentWeek} has ${openGameIds.length} open games: the bench needs ${ALLOWANCE + 2}.`,
    );
  }
  return { season, byWeek, openGameIds };
}

const SIDES: [Market, Side][] = [
  ["spread", "favorite"],
  ["spread", "underdog"],
  ["total", "over"],
  ["total", "under"],
];

/** Every contest's finished weeks: graded picks, the week settled, the submissions, a proposal in three. */
function finishedWeeks(
  byWeek: Map<number, Game[]>,
  lastFinished: number,
  heavyGame: Game,
  contestIds: string[],
  userIds: string[],
): { picks: PickRow[]; activity: ActivityRow[]; proposals: ProposalRow[] } {
  const pickRows: PickRow[] = [];
  const activityRows: ActivityRow[] = [];
  const proposalRows: ProposalRow[] = [];
  for (let week = 1; week <= lastFinished; week += 1) {
    const weekGames = (byWeek.get(week) ?? []).filter(
      (game) => game.status === "final" && game.spread !== null && game.overUnder !== null,
    );
    for (let c = 0; c < CONTESTS; c += 1) {
      const contestId = contestIds[c]!;
      const players = [userIds[2 * c]!, userIds[2 * c + 1]!];
      const game = week === lastFinished ? heavyGame : weekGames[(c + week) % weekGames.length]!;
      const pickedAt = new Date(game.gameDate.getTime() - DAY);
      const weekRows = gradedPicks(game, week, contestId, players, pickedAt);
      pickRows.push(...weekRows);
      activityRows.push(settledLine(game, week, contestId, weekRows));
      for (const [p, actorId] of players.entries()) {
        activityRows.push({
          actorId,
          action: "picks.submitted",
          contestId,
          subjectUserId: players[1 - p]!,
          details: { week, count: 2 },
          createdAt: new Date(pickedAt.getTime() + c * 10 + p),
        });
      }
      // One proposal every third week: a game other than the picked one, answered.
      if ((c + week) % 3 === 0) {
        const other = weekGames[(c + week + 1) % weekGames.length]!;
        if (other.id !== game.id) {
          proposalRows.push({
            contestId,
            gameId: other.id,
            week,
            proposedBy: players[week % 2]!,
            status: "rejected",
            createdAt: new Date(pickedAt.getTime() - DAY),
            respondedAt: pickedAt,
          });
        }
      }
    }
  }
  return { picks: pickRows, activity: activityRows, proposals: proposalRows };
}

/** One pick of each side of both markets on the game, graded, the players taking them in turn. */
function gradedPicks(
  game: Game,
  week: number,
  contestId: string,
  players: string[],
  pickedAt: Date,
): PickRow[] {
  return SIDES.map(([market, side], k) => {
    const line = {
      lineSpread: market === "spread" ? game.spread : null,
      lineFavorite: market === "spread" ? game.favoriteTeam : null,
      lineTotal: market === "total" ? game.overUnder : null,
    };
    const result = gradePick(
      {
        market,
        side,
        lineSpread: line.lineSpread === null ? null : Number(line.lineSpread),
        lineFavorite: line.lineFavorite,
        lineTotal: line.lineTotal === null ? null : Number(line.lineTotal),
      },
      {
        homeTeam: game.homeTeam,
        awayTeam: game.awayTeam,
        homeScore: game.homeScore!,
        awayScore: game.awayScore!,
      },
    );
    return {
      contestId,
      userId: players[k % 2]!,
      gameId: game.id,
      week,
      market,
      side,
      ...line,
      result,
      createdAt: pickedAt,
    };
  });
}

/**
 * The week's result, told to both players when it settled (week-settled.ts): a database that has
 * been running holds that line for every finished week, and the server's sweep of weeks settled but
 * never told finds nothing to tell.
 */
function settledLine(game: Game, week: number, contestId: string, weekRows: PickRow[]): ActivityRow {
  const wins = [0, 1].map((p) => weekRows.filter((row, k) => k % 2 === p && row.result === "win").length);
  return {
    actorId: null,
    action: "week.settled",
    contestId,
    details: {
      week,
      winner: wins[0]! > wins[1]! ? "player1" : wins[1]! > wins[0]! ? "player2" : "tie",
      player1Wins: wins[0]!,
      player2Wins: wins[1]!,
    },
    createdAt: new Date(game.gameDate.getTime() + DAY / 4),
  };
}

/** The data set left as a database that has been running a while leaves it. */
async function settle(database: Database): Promise<void> {
  // Statistics taken and the new rows' visibility recorded, so PostgreSQL's autovacuum does not
  // start on them in the middle of a measured row.
  await database.db.execute(sql`vacuum (analyze)`);
  // And written out: PostgreSQL's checkpoint after the bulk load would otherwise flush it in the
  // middle of the first rows (superuser or pg_checkpoint only: skipped without the right).
  await database.db.execute(sql`checkpoint`).catch(() => undefined);
}
