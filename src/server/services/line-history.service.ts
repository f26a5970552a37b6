// Where the line went (docs/rules.md, "Where the line went"): a game's moves as its history, and
// the closing lines of a season's kicked-off games. The moves are written by `recordLineMoves`
// (game-changes.ts), in the transaction of every write to a game.
import type { ClosingLines, LineHistory, LineMove } from "@/contracts/games";
import { closingMove, hasKickedOff, lineHistory, type Kickoff, type LineSource } from "@/domain/line-history";
import type { AppContext } from "../context";
import { readCache } from "../db/read-cache";
import { notFound } from "../errors";
import { findGame } from "../repositories/games.repository";
import * as movesRepo from "../repositories/line-moves.repository";
import { GAME_NOT_FOUND } from "./games.service";

type StoredMove = Pick<movesRepo.LineMoveRow, "movedAt" | "spread" | "favoriteTeam" | "overUnder" | "source">;

/** A move as the API sends it: its lines as the games give theirs (decimal strings). */
const toMove = (row: StoredMove): LineMove => ({
  movedAt: row.movedAt.toISOString(),
  spread: row.spread,
  favoriteTeam: row.favoriteTeam,
  overUnder: row.overUnder,
  source: row.source as LineSource,
});

/** GET /api/games/:id/line-history: read when asked for (a page opens it), never with the week's games. */
export async function gameLineHistory(ctx: AppContext, gameId: string): Promise<LineHistory> {
  const game = await findGame(ctx.db, gameId);
  if (!game) throw notFound(GAME_NOT_FOUND);
  const moves = await movesRepo.listLineMoves(ctx.db, gameId);
  const history = lineHistory(moves, game, ctx.clock.now());
  return {
    gameId,
    opening: history.opening && toMove(history.opening),
    moves: history.moves.map(toMove),
    closing: history.closing && toMove(history.closing),
  };
}

/** A game's closing line, whether it has kicked off yet or not (the answer keeps those that have). */
interface ClosingOf {
  gameId: string;
  kickoff: Kickoff;
  closing: LineMove;
}

/**
 * GET /api/games/season/:season/closing-lines: what a pick's line is shown beside once its game has
 * kicked off. Every open page showing such a pick asks for it again at each change to the games, so
 * it is read once per change (the `games` topic, which every write of a move clears with its game)
 * and filtered by the clock at each answer.
 */
export async function seasonClosingLines(ctx: AppContext, season: number): Promise<ClosingLines> {
  const closings = await readCache(ctx.database).through("games", `closing-lines:${season}`, () =>
    loadClosings(ctx, season),
  );
  const now = ctx.clock.now();
  return {
    season,
    lines: closings
      .filter(({ kickoff }) => hasKickedOff(kickoff, now))
      .map(({ gameId, closing }) => ({ gameId, ...closing })),
  };
}

async function loadClosings(ctx: AppContext, season: number): Promise<ClosingOf[]> {
  const rows = await movesRepo.listSeasonLineMoves(ctx.db, season);
  const byGame = new Map<string, typeof rows>();
  for (const row of rows) {
    const moves = byGame.get(row.gameId);
    if (moves) moves.push(row);
    else byGame.set(row.gameId, [row]);
  }
  return [...byGame].flatMap(([gameId, moves]) => {
    const { status, gameDate } = moves[0]!;
    const closing = closingMove(moves, gameDate);
    return closing ? [{ gameId, kickoff: { status, gameDate }, closing: toMove(closing) }] : [];
  });
}
