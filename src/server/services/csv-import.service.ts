import { parse } from "csv-parse/sync";
import type { CsvImportResult } from "@/contracts/games";
import { createGameBody } from "@/contracts/games";
import type { AppContext } from "../context";
import { badRequest } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import type { Executor } from "../db/client";
import {
  listSeasonGames,
  upsertGames,
  type GameInsert,
  type GameRow,
} from "../repositories/games.repository";
import { listTeams } from "../repositories/teams.repository";
import type { UserRow } from "../repositories/users.repository";
import { recordLineMoves } from "./game-changes";
import { toRow } from "./games.service";

const REQUIRED = ["week", "season", "homeTeam", "awayTeam", "gameDate"] as const;
const CHUNK = 500;

interface Parsed {
  line: number;
  row: Record<string, string>;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 text only (with or without a byte-order mark): a UTF-16 or binary file is refused whole. */
function checkEncoding(content: Buffer): void {
  const utf16 =
    content.length >= 2 &&
    ((content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff));
  const text = (() => {
    try {
      return utf8.decode(content);
    } catch {
      return null;
    }
  })();
  if (utf16 || text === null || text.includes("\u0000")) {
    throw badRequest("The file is not UTF-8 text: save the CSV as UTF-8 and try again.");
  }
}

function readRows(content: Buffer): Parsed[] {
  checkEncoding(content);
  try {
    const records = parse(content, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, row: record }));
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`);
  }
}

const keyOf = (game: Pick<GameInsert, "season" | "week" | "homeTeam" | "awayTeam">) =>
  `${game.season}|${game.week}|${game.homeTeam}|${game.awayTeam}`;

/** The stored games of the imported rows' seasons, by matchup key: what their lines move from. */
async function storedByKey(tx: Executor, rows: GameInsert[]): Promise<Map<string, GameRow>> {
  const stored = new Map<string, GameRow>();
  for (const season of new Set(rows.map((row) => row.season))) {
    for (const game of await listSeasonGames(tx, season)) stored.set(keyOf(game), game);
  }
  return stored;
}

const blankToNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);
const wholeOrNull = (value: string | undefined) => (blankToNull(value) === null ? null : Number(value));

/** A CSV row as the game form would send it. */
function toBody(row: Record<string, string>) {
  const date = row.gameDate ? new Date(row.gameDate) : null;
  return {
    week: row.week,
    season: row.season,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    gameDate: date && !Number.isNaN(date.getTime()) ? date.toISOString() : row.gameDate,
    spread: blankToNull(row.spread),
    overUnder: blankToNull(row.overUnder),
    favoriteTeam: blankToNull(row.favoriteTeam),
    status: blankToNull(row.status)?.toLowerCase() ?? "upcoming",
    homeScore: wholeOrNull(row.homeScore),
    awayScore: wholeOrNull(row.awayScore),
  };
}

/**
 * Imports games from CSV: every good row is created or updated on its matchup key (season, week,
 * home, away), every bad row is reported by line number, all in one transaction.
 */
export async function importGamesCsv(
  ctx: AppContext,
  admin: UserRow,
  content: Buffer,
): Promise<CsvImportResult> {
  const rows = readRows(content);
  const columns = new Set(rows[0] ? Object.keys(rows[0].row) : []);
  const missing = REQUIRED.filter((column) => !columns.has(column));
  if (rows.length > 0 && missing.length > 0) {
    throw badRequest(`The CSV file is missing the columns: ${missing.join(", ")}.`);
  }
  const teams = new Set((await listTeams(ctx.db)).filter((team) => team.isActive).map((team) => team.code));
  const errors: string[] = [];
  const byKey = new Map<string, { line: number; game: GameInsert }>();

  for (const { line, row } of rows) {
    const parsed = createGameBody.safeParse(toBody(row));
    if (!parsed.success) {
      errors.push(`Line ${line}: ${parsed.error.issues[0]?.message ?? "invalid row"}`);
      continue;
    }
    const body = parsed.data;
    const unknown = [body.homeTeam, body.awayTeam].find((code) => !teams.has(code));
    if (unknown) {
      errors.push(`Line ${line}: Unknown team: ${unknown}`);
      continue;
    }
    const key = keyOf(body);
    const earlier = byKey.get(key);
    if (earlier)
      errors.push(
        `Line ${earlier.line}: the same game appears again on line ${line}; the later row was used`,
      );
    byKey.set(key, {
      line,
      game: toRow(body),
    });
  }

  const games = [...byKey.values()].map((entry) => entry.game);
  const counts = await ctx.db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    const before = await storedByKey(tx, games);
    for (let start = 0; start < games.length; start += CHUNK) {
      const result = await upsertGames(tx, games.slice(start, start + CHUNK));
      created += result.created;
      updated += result.updated;
      const writes = result.changed.map((game) => ({ game, before: before.get(keyOf(game)) ?? null }));
      await recordLineMoves(tx, writes, { source: "import", now: ctx.clock.now() });
    }
    await recordActivity(tx, {
      actorId: admin.id,
      action: "games.imported",
      details: { created, updated, total: rows.length, errors: errors.length },
    });
    return { created, updated };
  });
  return { ...counts, skipped: rows.length - counts.created - counts.updated, total: rows.length, errors };
}
