// A contest's weekly results as the API's JSON, written by hand from the picks held as JSON text
// (`PickLists`): the whole answer, the entries a final's grades event carries, and the data in
// memory made anew after a final.
import type { WeekOutcome } from "@/domain/weekly";
import type { SeasonWeek } from "@/domain/season";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import type { ContestPicksData, PickLists } from "../repositories/contest-picks.repository";
import type { ContestResultsData } from "../repositories/contest-results.repository";
import type { UserRow } from "../repositories/users.repository";
import { contestPicksData, contestsData, contestWeekState, type WeeklyRefresh } from "./contest-data.service";
import { contestWeek, isPlayer, NOT_FOUND } from "./contests.service";
import { seasonGamesById, seasonGamesJson } from "./games.service";
import { byKickoff, pickHeadJson, weekPicksJson } from "./pick-json";
import {
  addPicksJson,
  compactLists,
  picksBytes,
  playerIndex,
  weekRange,
  withWeek,
  type HeadEntry,
} from "./pick-lists";
import { completeIfSettled, contestOutcomes, weekClockNow } from "./results.service";
import { currentSeasonWeek } from "./season.service";
import { weekTiebreakOf } from "./tiebreaks.service";

/** What weekly results are made of, kept in memory: each week's picks of each player already as JSON. */
interface WeeklyData extends ContestResultsData {
  /**
   * Each pick serialized up to its game ("…,\"game\":") and the game's id, by week and player: the
   * games are spliced in at each request from the games' own JSON, so a live score clears no contest.
   */
  picksJson: PickLists;
}

const weeklyData = (data: ContestPicksData): WeeklyData => ({
  ...data,
  cacheBytes: data.cacheBytes + picksBytes(data.picksJson),
});

/**
 * A contest's weekly results in memory made anew after a final (`refreshContests`), instead of let
 * go: the results data read again, and the week kept for picking, read again too, in place of that
 * week's picks; the other weeks' picks as they were. Only where the final's games (`graded`) have
 * no pick of the contest outside that week; else undefined (let go). Let go, the views of the
 * standings right after a final would read every graded contest's season of picks again
 * (docs/decisions/037-a-finals-weekly-results-and-who-holds-the-loop.md).
 */
export function weeklyAfterFinal(ctx: AppContext, graded: readonly string[]): WeeklyRefresh {
  const gradedIds = new Set(graded);
  return async (old, fresh, { week, state }) => {
    const before = (old as WeeklyData).picksJson;
    const { from, to } = weekRange(before, week);
    for (let at = 0; at < before.gameIds.length; at += 1)
      if ((at < from || at >= to) && gradedIds.has(before.gameIds[at]!)) return undefined;
    const byId = await seasonGamesById(ctx, state.contest.season);
    const entries: HeadEntry[] = [];
    for (const pick of [...state.held].sort(byKickoff(byId))) {
      const player = playerIndex(fresh.contest, pick.userId);
      if (player !== undefined) entries.push({ week, player, head: pickHeadJson(pick), gameId: pick.gameId });
    }
    const picksJson = withWeek(before, week, compactLists(entries));
    const remade: WeeklyData = { ...fresh, cacheBytes: fresh.cacheBytes + picksBytes(picksJson), picksJson };
    return remade;
  };
}

/**
 * The weeks of a contest's weekly results, worked out now (they depend on the clock): each begun
 * week's outcome, with its tiebreaker as `viewer` sees it when the contest plays it that week.
 */
async function outcomesNow(
  ctx: AppContext,
  data: ContestResultsData,
  season: SeasonWeek,
  viewer: UserRow,
): Promise<WeekOutcome[]> {
  const clock = await weekClockNow(ctx, season, [data.contest.season]);
  return contestOutcomes(data, contestWeek(data.contest, season), clock).map((outcome) => {
    const tiebreak = weekTiebreakOf(data, clock, outcome.week, viewer);
    return tiebreak ? { ...outcome, tiebreak } : outcome;
  });
}

/**
 * Every begun week of a contest with both players' picks, wins, pot and winner, as the JSON the API
 * sends (`{weeklyResults: WeeklyResult[]}`): the weeks' outcomes are worked out at each request (they
 * depend on the clock), the picks are serialized once while the contest is in memory. Completes a
 * finished contest.
 */
export async function weeklyResultsJson(ctx: AppContext, user: UserRow, contestId: string): Promise<string> {
  const [data, season] = await Promise.all([
    contestPicksData(ctx, contestId, weeklyData),
    currentSeasonWeek(ctx),
  ]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const outcomes = await outcomesNow(ctx, data, season, user);
  const contest = await completeIfSettled(ctx.db, data.contest, outcomes);
  const gamesJson = await seasonGamesJson(ctx, data.contest.season);
  // In pieces, joined once: joining each part as it comes would copy the answer so far every time.
  const out = ['{"weeklyResults":['];
  outcomes.forEach((outcome, at) => {
    out.push(at === 0 ? "" : ",", JSON.stringify(outcome).slice(0, -1), ',"player1Picks":');
    addPicksJson(out, data.picksJson, gamesJson, outcome.week, 0);
    out.push(',"player2Picks":');
    addPicksJson(out, data.picksJson, gamesJson, outcome.week, contest.player2Id === null ? undefined : 1);
    out.push("}");
  });
  out.push("]}");
  return out.join("");
}

/** One week of the weekly results, as the API sends it: its outcome, then both players' picks. */
const weekResultJson = (outcome: WeekOutcome, player1Picks: string, player2Picks: string) =>
  `${JSON.stringify(outcome).slice(0, -1)},"player1Picks":${player1Picks},"player2Picks":${player2Picks}}`;

/**
 * The entries of `weeklyResultsJson`'s list from `fromWeek` on, to the same text, read from the
 * contest's standings data and the weeks kept for picking (`contestWeekState`) instead of its whole
 * season of picks: what a final's grades event carries
 * (docs/decisions/030-the-score-first-then-the-grades.md), which so leaves the weekly results of
 * contests nobody looks at out of memory.
 */
export async function weeklyResultsFromJson(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  fromWeek: number,
  /** Weeks' picks already read (`bothPlayersPicksJson`), by week: not read again. */
  known: ReadonlyMap<number, { player1: string; player2: string }> = new Map(),
): Promise<string> {
  const [[data], season] = await Promise.all([contestsData(ctx, [contestId]), currentSeasonWeek(ctx)]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const { contest } = data;
  const outcomes = (await outcomesNow(ctx, data, season, user)).filter((outcome) => outcome.week >= fromWeek);
  const weeks = await Promise.all(
    outcomes.map(async (outcome) => {
      const read = known.get(outcome.week);
      if (read) return weekResultJson(outcome, read.player1, read.player2);
      const state = await contestWeekState(ctx, contestId, outcome.week);
      if (!state) return weekResultJson(outcome, "[]", "[]");
      const [one, two] = await Promise.all([
        weekPicksJson(ctx, state, contest.player1Id),
        weekPicksJson(ctx, state, contest.player2Id),
      ]);
      return weekResultJson(outcome, one, two);
    }),
  );
  return `[${weeks.join(",")}]`;
}
