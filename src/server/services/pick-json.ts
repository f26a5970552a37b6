// A pick as the API sends it: the object (`toPick`), and the same JSON written by hand
// (`pickHeadJson`, `weekPicksJson`), which must stay equal to `JSON.stringify` of the object.
import { isWinOf } from "@/domain/grading";
import type { Pick } from "@/contracts/picks";
import type { AppContext } from "../context";
import type { GameRow } from "../repositories/games.repository";
import type { PickingState, PickRow } from "../repositories/picks.repository";
import { seasonGamesById, seasonGamesJson, toGame } from "./games.service";

export function toPick(row: PickRow, game: GameRow): Pick {
  return { ...pickFields(row), game: toGame(game) };
}

/**
 * A pick as the API sends it, but its game: the result last, as the database writes a pick's JSON
 * (drizzle/0007_pick_json_head_narrower.sql: all but the result, which a grade changes).
 */
const pickFields = (row: PickRow): Omit<Pick, "game"> => ({
  id: row.id,
  gameId: row.gameId,
  market: row.market,
  side: row.side,
  lineSpread: row.lineSpread,
  lineFavorite: row.lineFavorite,
  lineTotal: row.lineTotal,
  ...(row.isLock && { isLock: true as const }),
  result: row.result,
  isWin: isWinOf(row.result),
});

/** A nullable text field as JSON. */
const textJson = (value: string | null) => (value === null ? "null" : JSON.stringify(value));

/**
 * A pick as the API's JSON up to its game (`…,"game":`), the text `JSON.stringify(pickFields(row))`
 * begins with, written out: a contest's first weekly results serialize its whole season of picks
 * (docs/decisions/036-a-crowds-first-weekly-results.md). Ids and the enums need no escaping.
 */
export const pickHeadJson = (row: PickRow) =>
  `{"id":"${row.id}","gameId":"${row.gameId}","market":"${row.market}","side":"${row.side}",` +
  `"lineSpread":${textJson(row.lineSpread)},"lineFavorite":${textJson(row.lineFavorite)},` +
  `"lineTotal":${textJson(row.lineTotal)},${row.isLock ? '"isLock":true,' : ""}` +
  `"result":"${row.result}","isWin":${isWinOf(row.result)},"game":`;

/** Picks in the order of their games' kickoffs, then of their making. */
export const byKickoff = (games: ReadonlyMap<string, GameRow>) => {
  const kickoff = (pick: PickRow) => games.get(pick.gameId)?.gameDate.getTime() ?? 0;
  return (a: PickRow, b: PickRow) => kickoff(a) - kickoff(b) || a.createdAt.getTime() - b.createdAt.getTime();
};

/**
 * A week's picks of one player as the API's JSON (`Pick[]`), in the order of their games' kickoffs
 * and then of their making: from the week in memory (`visibleWeek`) and the games' JSON.
 */
export async function weekPicksJson(
  ctx: AppContext,
  state: PickingState,
  userId: string | null,
): Promise<string> {
  const mine = state.held.filter((pick) => pick.userId === userId);
  if (mine.length === 0) return "[]";
  const [byId, gamesJson] = await Promise.all([
    seasonGamesById(ctx, state.contest.season),
    seasonGamesJson(ctx, state.contest.season),
  ]);
  mine.sort(byKickoff(byId));
  return `[${mine.map((pick) => `${pickHeadJson(pick)}${gamesJson.get(pick.gameId)}}`).join(",")}]`;
}
