// What a change to a game's play touches (a live score, a final, a correction, a cancellation, a
// status changed by hand): decided here, for the data feed's sync and the admin's edits alike. The
// read cache's clear, the live events (the score update and the `grades` that follow it) and the
// settled-week notices all follow from two functions, `contestsTouchedBy` and
// `contestWeeksTouchedBy`: a rule that makes a game decide more (a tiebreaker on a week's last
// game) is written in those two, and nowhere else. Creating or deleting a game, and grading a final
// again (`scoreGame`), clear the games and every contest instead. Whether a write moved a game's
// line is decided here too, for every writer of games (`recordLineMoves`).
// docs/architecture/game-changes.md.
import type { ActivityAction, GameState } from "@/contracts/events";
import { rulesInWeek } from "@/domain/contest-rules";
import { gradePick, type Market, type Side } from "@/domain/grading";
import { isLiveChange, type GamePatch, type PicksAction } from "@/domain/feed";
import { lineMoved, type LineSource } from "@/domain/line-history";
import type { SeasonWeek } from "@/domain/season";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { clearNow, clearAtCommit, scoresCommitted } from "../db/read-cache";
import { recordActivity } from "../repositories/activity.repository";
import {
  findContestsOnGames,
  findRuledContestsInWeeks,
  type ContestAudience,
} from "../repositories/events.repository";
import { lastGamesAmong, type GameRow } from "../repositories/games.repository";
import { insertLineMoves } from "../repositories/line-moves.repository";
import * as picksRepo from "../repositories/picks.repository";
import { tellSettledWeeks } from "./week-settled";

/** One game as written, with what its change was (`GamePatch`: the fields that moved) and did to its picks. */
export interface GameChange {
  game: GameRow;
  /** The game as it was before the change: what its line moved from. */
  before: GameRow;
  patch: GamePatch;
  picks: PicksAction;
}

/** The fields of a game that say its line and whether it has kicked off. */
type LineRow = Pick<
  GameRow,
  "id" | "homeTeam" | "awayTeam" | "spread" | "favoriteTeam" | "overUnder" | "status" | "gameDate"
>;

/** A game as a write leaves it, with what it was before (null: the write created it). */
export interface LineWrite {
  game: LineRow;
  before: LineRow | null;
}

/** Who wrote the games, and when by the app's clock: a line move's source and time. */
export interface LineAuthor {
  source: LineSource;
  now: Date;
}

const decimal = (value: string | null) => (value === null ? null : Number(value));
const lineOf = (row: LineRow) => ({
  homeTeam: row.homeTeam,
  awayTeam: row.awayTeam,
  spread: decimal(row.spread),
  favoriteTeam: row.favoriteTeam,
  overUnder: decimal(row.overUnder),
});

/**
 * Writes a move for each game whose line this write set or moved before its kickoff (`lineMoved`,
 * docs/rules.md "Where the line went"), in the transaction of the write: one insert for all of them,
 * none when no line moved (a score update never does). Every writer of games calls it: through
 * `recordGameChanges` the data feed's sync and the admin's edit; the admin's new game, the CSV import
 * and the shipped schedule directly. Returns how many moves it wrote.
 */
export async function recordLineMoves(
  tx: Executor,
  writes: readonly LineWrite[],
  by: LineAuthor,
): Promise<number> {
  const moves = writes
    .filter(({ game, before }) =>
      lineMoved(
        before && lineOf(before),
        { ...lineOf(game), status: game.status, gameDate: game.gameDate },
        by.now,
      ),
    )
    .map(({ game }) => ({
      gameId: game.id,
      movedAt: by.now,
      spread: game.spread,
      favoriteTeam: game.favoriteTeam,
      overUnder: game.overUnder,
      source: by.source,
    }));
  await insertLineMoves(tx, moves);
  return moves.length;
}

/**
 * The games a change decided: `graded`, those whose picks were graded, voided or ungraded (their
 * contests' standings moved); `restatused`, those whose status changed (a contest that accepted one
 * as an extra game counts its open extra games in its allowances).
 */
export interface DecidedGames {
  graded: readonly string[];
  restatused?: readonly string[];
}

/**
 * The contests a change to games touches, with their players: a pick on a game of `graded`, a game
 * of either list accepted as an extra game, or a game of `graded` that is its week's last game in a
 * contest playing the tiebreaker that week (its week waits for that final, picked or not). The read
 * cache clears these contests, and their players get the `grades` event.
 */
export async function contestsTouchedBy(
  db: Executor,
  games: DecidedGames,
): Promise<Map<string, ContestAudience>> {
  const [onGames, tiebreaks] = await Promise.all([
    findContestsOnGames(db, { picksOn: games.graded, extrasOn: games.restatused }),
    tiebreakWeeksOn(db, games.graded),
  ]);
  for (const { contest } of tiebreaks) {
    const { player1Id, player2Id, player2Email } = contest;
    onGames.set(contest.id, { player1Id, player2Id, player2Email });
  }
  return onGames;
}

/**
 * The contest weeks whose result these graded (or voided) games may have settled: a pick on one, or
 * the week's last game in a contest playing the tiebreaker that week.
 */
export async function contestWeeksTouchedBy(
  db: Executor,
  gradedIds: readonly string[],
): Promise<{ contestId: string; week: number }[]> {
  const [withPicks, tiebreaks] = await Promise.all([
    picksRepo.weeksWithPicksOn(db, gradedIds),
    tiebreakWeeksOn(db, gradedIds),
  ]);
  return [...withPicks, ...tiebreaks.map(({ contest, week }) => ({ contestId: contest.id, week }))];
}

/** The weeks of contests playing the tiebreaker whose last game is one of these games. */
async function tiebreakWeeksOn(db: Executor, gameIds: readonly string[]) {
  const lastGames = await lastGamesAmong(db, gameIds);
  if (lastGames.length === 0) return [];
  const contests = await findRuledContestsInWeeks(db, lastGames);
  return lastGames.flatMap(({ season, week }) =>
    contests
      .filter(
        (contest) =>
          contest.season === season &&
          contest.startWeek <= week &&
          week <= contest.totalWeeks &&
          rulesInWeek(contest, week).tiebreaker,
      )
      .map((contest) => ({ contest, week })),
  );
}

/**
 * Grades every pick on a final game against the line it was made at. Picks are graded per distinct
 * line (a handful), so the work is two statements however many picks there are. Idempotent; run it
 * again after a score correction. The caller clears the read cache (`recordGameChanges`).
 */
export async function gradePicksOnGame(
  tx: Executor,
  game: Pick<GameRow, "id" | "homeTeam" | "awayTeam" | "homeScore" | "awayScore">,
): Promise<number> {
  if (game.homeScore === null || game.awayScore === null) return 0;
  const score = {
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
  };
  const lines = await picksRepo.distinctLinesOnGame(tx, game.id);
  const grades = lines.map((line) => ({
    ...line,
    result: gradePick(
      {
        market: line.market as Market,
        side: line.side as Side,
        lineSpread: line.lineSpread === null ? null : Number(line.lineSpread),
        lineFavorite: line.lineFavorite,
        lineTotal: line.lineTotal === null ? null : Number(line.lineTotal),
      },
      score,
    ),
  }));
  return picksRepo.setGradesOnGame(tx, game.id, grades, { clearCache: false });
}

/**
 * Does to a changed game's picks what its change needs: grades them, voids them (canceled), or sets
 * them back to pending. Returns how many were graded or voided (undefined when none were to be).
 */
export async function settlePicks(
  tx: Executor,
  game: GameRow,
  picks: PicksAction,
): Promise<number | undefined> {
  if (picks === "grade") return gradePicksOnGame(tx, game);
  if (picks === "void") return picksRepo.voidPicksOnGame(tx, game.id, { clearCache: false });
  if (picks === "reset") await picksRepo.resetGradesOnGame(tx, game.id, { clearCache: false });
  return undefined;
}

/** The games of a score update ride on its live event's NOTIFY (8,000 bytes at most): more, and pages refetch. */
const MAX_NOTICE_GAMES_BYTES = 6_000;

/** What a score update tells pages of a game. */
export const gameState = (game: GameRow): GameState => ({
  id: game.id,
  status: game.status,
  homeScore: game.homeScore,
  awayScore: game.awayScore,
  period: game.period,
  clock: game.clock,
  phase: game.phase,
});

/** What `recordGameChanges` did, for `gameChangesCommitted` to finish once the transaction has committed. */
export interface RecordedGameChanges {
  /** A score update: this instance's games are cleared at once after the commit. */
  scores: boolean;
  /** The games whose picks were graded or voided: the weeks they settle are told after the commit. */
  settling: string[];
}

/**
 * Inside the transaction that wrote the games (and settled their picks): clears the read cache as
 * the changes need and writes the activity line that announces them to open pages.
 * - A score update (every change only a game being played: `isLiveChange`; no game created; small
 *   enough to ride on the event): the games are cleared, not the schedule, and the contests touched
 *   (`contestsTouchedBy`), all at commit; the event carries the games' new states and the graded
 *   games, so pages patch their games and the players touched get their `grades` event.
 * - Anything else (a kickoff, a line, a new game, a week moved): the games and everything computed
 *   from them, on every instance; pages refetch.
 * The lines the changes moved before kickoff, and those of the games `lines.created` (a sync's new
 * games), are written as moves (`recordLineMoves`).
 */
export async function recordGameChanges(
  tx: Executor,
  changes: readonly GameChange[],
  line: {
    actorId: string | null;
    action: ActivityAction;
    details: Record<string, unknown>;
    created?: number;
  },
  lines: LineAuthor & { created?: readonly LineRow[] },
): Promise<RecordedGameChanges> {
  const created = (lines.created ?? []).map((game) => ({ game, before: null }));
  await recordLineMoves(tx, [...created, ...changes], lines);
  const settling = changes
    .filter(({ picks }) => picks === "grade" || picks === "void")
    .map(({ game }) => game.id);
  const states = changes.map(({ game }) => gameState(game));
  const graded = changes.filter(({ picks }) => picks !== null).map(({ game }) => game.id);
  const live =
    !line.created &&
    changes.every(({ patch }) => isLiveChange(patch)) &&
    JSON.stringify(states).length + 40 * graded.length < MAX_NOTICE_GAMES_BYTES;
  const { created: _created, ...entry } = line;
  if (!live) {
    // Once for every game, not once per game: every instance reads the games and the contests again.
    await clearNow(tx, "games");
    await recordActivity(tx, entry);
    return { scores: false, settling };
  }
  const restatused = changes.filter(({ patch }) => patch.status !== undefined).map(({ game }) => game.id);
  await clearAtCommit(tx, "scores");
  const touched = await contestsTouchedBy(tx, { graded, restatused });
  await clearAtCommit(tx, { contests: [...touched.keys()] });
  await recordActivity(tx, { ...entry, notice: { games: states, graded } });
  return { scores: true, settling };
}

/**
 * Once the transaction of `recordGameChanges` has committed: this instance's games are cleared (a
 * score update's), and the players of the weeks its grades settled are told.
 */
export async function gameChangesCommitted(
  ctx: AppContext,
  recorded: RecordedGameChanges,
  season: SeasonWeek,
): Promise<void> {
  if (recorded.scores) scoresCommitted(ctx.database);
  await announceAfterGrading(ctx, recorded.settling, season);
}

/**
 * Once a grading (or a cancellation's void) of these games has committed: the players of the
 * contest weeks it settled are told (`contestWeeksTouchedBy`, then `tellSettledWeeks`). A failure
 * leaves the grading as it is: the reminder scheduler's sweep tells them later.
 */
export async function announceAfterGrading(
  ctx: AppContext,
  gameIds: readonly string[],
  season: SeasonWeek,
): Promise<void> {
  if (gameIds.length === 0) return;
  let weeks;
  try {
    weeks = await contestWeeksTouchedBy(ctx.db, gameIds);
  } catch {
    return; // Left to the sweep.
  }
  await tellSettledWeeks(ctx, weeks, season);
}
