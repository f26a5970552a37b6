import { pinnableFields, type CsvImportResult, type Game, type PinnableField } from "@/contracts/games";
import { plural } from "@/domain/plural";
import { weekPhrase } from "@/client/lib/week-names";

export type WeekFilter = "all" | number;

/** The distinct weeks that have games, in order: the week filter's choices. */
export function weeksIn(games: Pick<Game, "week">[]): number[] {
  return [...new Set(games.map((game) => game.week))].sort((a, b) => a - b);
}

/** The distinct seasons that have games, newest first: the season filter's choices. */
export function seasonsIn(games: Pick<Game, "season">[]): number[] {
  return [...new Set(games.map((game) => game.season))].sort((a, b) => b - a);
}

/** The season shown first: the current one when it has games, else the newest that has. */
export function defaultSeason(seasons: number[], current: number | undefined): number | undefined {
  return current !== undefined && seasons.includes(current) ? current : seasons[0];
}

/** The latest season that has games, if any. */
export function latestSeason(games: Pick<Game, "season">[]): number | undefined {
  return games.length ? Math.max(...games.map((game) => game.season)) : undefined;
}

/** The week shown first: the current week when it has games, else every week. */
export function defaultWeekFilter(weeks: number[], currentWeek: number | undefined): WeekFilter {
  return currentWeek !== undefined && weeks.includes(currentWeek) ? currentWeek : "all";
}

/**
 * The games of the chosen season (or every season) and week (or all), newest season first, then by
 * week, then by league day (US Eastern) in the product's day order (docs/rules.md, "Screens"), then kickoff: as Make Picks and Games &
 * Lines show a week.
 */
export function filterGames<T extends Pick<Game, "week" | "season" | "gameDate" | "awayTeam">>(
  games: T[],
  filter: WeekFilter,
  season?: number,
): T[] {
  const shown = games.filter(
    (game) => (season === undefined || game.season === season) && (filter === "all" || game.week === filter),
  );
  // Each kickoff read once: a season is hundreds of games.
  const kickoff = new Map(shown.map((game) => [game, new Date(game.gameDate).getTime()]));
  return shown.sort(
    (a, b) =>
      b.season - a.season ||
      a.week - b.week ||
      kickoff.get(a)! - kickoff.get(b)! ||
      a.awayTeam.localeCompare(b.awayTeam),
  );
}

export const emptyGamesMessage = (filter: WeekFilter) =>
  filter === "all"
    ? "No games found. Add some games to get started!"
    : `No games found for ${weekPhrase(filter)}.`;

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** A raw line as the list shows it: "+3.5", "-7", "0"; null without one. */
export function signedLine(value: string | null): string | null {
  if (value === null || value === "") return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return number > 0 ? `+${points(number)}` : points(number);
}

/** A total as the list shows it: "44.5", "47"; null without one. */
export function plainLine(value: string | null): string | null {
  if (value === null || value === "") return null;
  const number = Number(value);
  return Number.isFinite(number) ? points(number) : value;
}

export const CSV_ERRORS_SHOWN = 3;

/** The CSV toast: the import's summary, the first three errors, then "... and N more errors". */
export function csvImportSummary(result: CsvImportResult): { summary: string; errors: string[] } {
  const summary = `Created ${result.created} new games, updated ${result.updated} existing games. ${result.skipped} skipped.`;
  const errors = result.errors.slice(0, CSV_ERRORS_SHOWN);
  const more = result.errors.length - errors.length;
  if (more > 0) errors.push(`... and ${plural(more, "more error")}`);
  return { summary, errors };
}

const CSV_NAME = /\.csv$/i;
// What browsers report for a .csv file besides text/csv (Excel on Windows, or nothing at all).
const CSV_ALIASES = new Set(["", "application/vnd.ms-excel", "application/csv", "text/x-csv"]);

/** Only CSV files are taken. */
export function isCsvFile(file: Pick<File, "name" | "type">): boolean {
  return file.type === "text/csv" || (CSV_NAME.test(file.name) && CSV_ALIASES.has(file.type));
}

/** A file size as "12.3 KB". */
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Deleting a game: the server's JSON message out of an error of the form
 * "status: {json}", else the error's own text, else the fallback.
 */
export function deleteGameErrorMessage(error: unknown): string {
  const fallback = "Failed to delete game. Please try again.";
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const body = /^\d{3}: ([\s\S]*)$/.exec(text)?.[1];
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed?.message === "string" && parsed.message) return parsed.message;
    } catch {
      // not JSON: the text itself
    }
  }
  return text || fallback;
}

export const matchupOf = (game: Pick<Game, "awayTeam" | "homeTeam">) => `${game.awayTeam} @ ${game.homeTeam}`;

export const PIN_HINT = "Set by hand: the data feed leaves it alone";

/** "Set by hand: the line and the status." for the row of a game with pins; null without any. */
export function pinnedSummary(pinned: readonly PinnableField[]): string | null {
  // In the order of the contract (line, kickoff, score, status), whatever order they were pinned in.
  const names = pinnableFields.filter((field) => pinned.includes(field)).map((field) => `the ${field}`);
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Set by hand: ${list}.`;
}
