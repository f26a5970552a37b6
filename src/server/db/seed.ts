import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Executor } from "./client";
import { type games, teams } from "./schema";
import { fromRoot } from "../paths";
import { insertGamesIfMissing } from "../repositories/games.repository";
import { recordLineMoves } from "../services/game-changes";

export const seedFolder = fromRoot("data-seed");

interface TeamCsvRow {
  code: string;
  name: string;
  conference: string;
  division: string;
}

/** A row of a shipped schedule (data-seed/nfl-2025-schedule.csv), as csv-parse reads it. */
export interface ScheduleCsvRow {
  week: string;
  season: string;
  homeTeam: string;
  awayTeam: string;
  gameDate: string;
  spread: string;
  overUnder: string;
  favoriteTeam: string;
  status: string;
  homeScore: string;
  awayScore: string;
}

export function readCsv<T>(file: string): T[] {
  return parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true }) as T[];
}

/**
 * A shipped game as of `now`: its result is known only if it kicked off before now, so a season
 * replayed with APP_NOW in the past behaves like a live one.
 */
export function shippedGame(row: ScheduleCsvRow, now: Date): typeof games.$inferInsert {
  const gameDate = new Date(row.gameDate);
  const played = row.status === "final" && gameDate < now && row.homeScore !== "" && row.awayScore !== "";
  return {
    season: Number(row.season),
    week: Number(row.week),
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    gameDate,
    spread: row.spread || null,
    overUnder: row.overUnder || null,
    favoriteTeam: row.favoriteTeam || null,
    status: played ? "final" : "upcoming",
    homeScore: played ? Number(row.homeScore) : null,
    awayScore: played ? Number(row.awayScore) : null,
  };
}

/** Loads the shipped teams and schedules. Idempotent: rows already present are left as they are. */
export async function seed(
  db: Executor,
  now: Date,
  folder = seedFolder,
): Promise<{ teams: number; games: number }> {
  const teamRows = readCsv<TeamCsvRow>(path.join(folder, "nfl-teams.csv"));
  // What is there is read first: a start on loaded data then writes nothing.
  const known = new Set((await db.select({ code: teams.code }).from(teams)).map((team) => team.code));
  const newTeams = teamRows.filter((row) => !known.has(row.code));
  const insertedTeams =
    newTeams.length === 0
      ? []
      : await db
          .insert(teams)
          .values(newTeams.map((row) => ({ ...row, isActive: true })))
          .onConflictDoNothing({ target: teams.code })
          .returning({ id: teams.id });

  let insertedGames = 0;
  const schedules = readdirSync(folder).filter((file) => /^nfl-\d{4}-schedule\.csv$/.test(file));
  for (const file of schedules.sort()) {
    const rows = readCsv<ScheduleCsvRow>(path.join(folder, file)).map((row) => shippedGame(row, now));
    insertedGames += await db.transaction(async (tx) => {
      const inserted = await insertGamesIfMissing(tx, rows);
      // The shipped line of a game yet to kick off is its opening line.
      const writes = inserted.map((game) => ({ game, before: null }));
      await recordLineMoves(tx, writes, { source: "import", now });
      return inserted.length;
    });
  }
  return { teams: insertedTeams.length, games: insertedGames };
}
