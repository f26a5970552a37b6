// The live Sunday's week: put back to a Sunday's start in the database, and each score update's
// state of its games as the data feed's stand-in answers it.
import { and, asc, eq, inArray } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { games, picks, sessions } from "@/server/db/schema";
import { recorded, vary, type EspnEvent, type Scoreboard } from "../../tests/feed-stand-in";
import { FINAL_WAVES, FIXTURE, GAMES, LIVE_NOW, WEEK } from "./live-config";
import { insertBatches, SEASON, type BenchData } from "./seed";

export interface WeekGame {
  id: string;
  homeTeam: string;
  awayTeam: string;
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ESPN_CODES: Record<string, string> = { WSH: "WAS", LAR: "LA" };

type Game = typeof games.$inferSelect;

/**
 * The week as a Sunday starts: its games not yet started (their feed ids kept), and two picks per
 * player as the data set's finished weeks have them, contest c's first player on the c-th game
 * (mod 14) and the second on the game 7 further, so that each wave of finals grades about half
 * the contests. Whatever earlier rows picked in the week goes: every run starts alike.
 */
export async function prepareWeek(dbEnv: Record<string, string>, data: BenchData): Promise<WeekGame[]> {
  const database = await openDatabase(
    dbEnv.DATABASE_URL ? { url: dbEnv.DATABASE_URL } : { dataDir: dbEnv.DATA_DIR! },
  );
  try {
    const week = await database.db
      .select()
      .from(games)
      .where(and(eq(games.season, SEASON), eq(games.week, WEEK)))
      .orderBy(asc(games.gameDate), asc(games.homeTeam));
    if (week.length !== GAMES) throw new Error(`Week ${WEEK} has ${week.length} games, not ${GAMES}.`);
    const ids = week.map((game) => game.id);
    await database.db
      .update(games)
      .set({ status: "upcoming", homeScore: null, awayScore: null, period: null, clock: null, phase: null })
      .where(inArray(games.id, ids));
    await database.db.delete(picks).where(inArray(picks.gameId, ids));
    await insertBatches(database, picks, sundayPicks(data, week));
    // The players have been here today: their sessions were renewed within the day (the data set's
    // expire 30 days after its own APP_NOW), else each first request renews its session, a write that
    // clears every session in every instance's cache (users.repository updateUser).
    await database.db.update(sessions).set({ expiresAt: new Date(Date.parse(LIVE_NOW) + 30 * DAY - HOUR) });
    return week.map(({ id, homeTeam, awayTeam }) => ({ id, homeTeam, awayTeam }));
  } finally {
    await database.close();
  }
}

/** Both players' two picks in every contest (see prepareWeek). */
function sundayPicks(data: BenchData, week: readonly Game[]): (typeof picks.$inferInsert)[] {
  const rows: (typeof picks.$inferInsert)[] = [];
  data.contestIds.forEach((contestId, c) => {
    const sides = [
      { player: 0, game: week[c % week.length]!, spread: "favorite", total: "over" },
      { player: 1, game: week[(c + 7) % week.length]!, spread: "underdog", total: "under" },
    ] as const;
    for (const { player, game, spread, total } of sides) {
      // Every row with the same keys (insertBatches): the line of its market, the others null.
      const base = { contestId, userId: data.userIds[2 * c + player]!, gameId: game.id, week: WEEK };
      const spreadLine = { lineSpread: game.spread, lineFavorite: game.favoriteTeam, lineTotal: null };
      const totalLine = { lineSpread: null, lineFavorite: null, lineTotal: game.overUnder };
      rows.push({ ...base, market: "spread", side: spread, ...spreadLine });
      rows.push({ ...base, market: "total", side: total, ...totalLine });
    }
  });
  return rows;
}

interface GameAt {
  final: boolean;
  home: number;
  away: number;
  period: number;
  clock: string;
}

/** Update k of n (0-based; -1 the kickoff): a game's state, moving through the game as the updates go. */
export function gameAt(k: number, n: number, g: number): GameAt {
  if (k < 0) return { final: false, home: 0, away: 0, period: 1, clock: "15:00" };
  const waves = n >= 2 ? FINAL_WAVES : [[], FINAL_WAVES.flat()];
  const wave = waves.findIndex((games) => games.includes(g));
  const finalAt = wave < 0 ? Infinity : n - waves.length + wave;
  const at = Math.min(k, finalAt);
  const elapsed = ((at + 1) / (n + 1)) * 3_600; // seconds of play
  const period = Math.min(4, 1 + Math.floor(elapsed / 900));
  const left = Math.round(900 - (elapsed - (period - 1) * 900));
  return {
    final: k >= finalAt,
    home: 7 * Math.floor((elapsed + 137 * g) / 700) + 3 * Math.floor((elapsed + 61 * g) / 1_300),
    away: 7 * Math.floor((elapsed + 229 * g) / 800) + 3 * Math.floor((elapsed + 17 * g) / 1_100),
    period,
    clock: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`,
  };
}

/** The recorded week with every game at update k. */
export function scoreboardAt(k: number, n: number, week: readonly WeekGame[]): Scoreboard {
  const board = recorded(FIXTURE);
  const code = (team: EspnEvent) => ESPN_CODES[team.team.abbreviation] ?? team.team.abbreviation;
  for (const event of board.events) {
    const g = week.findIndex(
      (game) =>
        game.homeTeam === code(vary.competitor(event, "home")) &&
        game.awayTeam === code(vary.competitor(event, "away")),
    );
    if (g < 0) throw new Error(`The recorded event ${event.id} matches no game of week ${WEEK}.`);
    const state = gameAt(k, n, g);
    if (state.final) vary.final(event, state.away, state.home);
    else vary.live(event, state.away, state.home, state.period, state.clock);
  }
  return board;
}
