// Picks' queries: a contest's week as a submission is checked against it (`pickingState`), the
// grades written on a game's picks, and the plain reads. The submission's write is
// pick-submissions.repository.ts.
import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { clearNow } from "../db/read-cache";
import {
  contests,
  firstPickerAssignments,
  gameProposals,
  games,
  picks,
  tiebreakGuesses,
  users,
} from "../db/schema";
import type { ContestRow } from "./contests.repository";
import type { ProposalRow } from "./proposals.repository";
import { sharedPlayerId, sharedResult, sharedText } from "./shared-strings";

export type PickRow = typeof picks.$inferSelect;

export async function countPicksOnGame(db: Executor, gameId: string): Promise<number> {
  return db.$count(picks, eq(picks.gameId, gameId));
}

/** The distinct lines picks on a game were made at: grading works per line, not per pick. */
export function distinctLinesOnGame(db: Executor, gameId: string) {
  return db
    .selectDistinct({
      market: picks.market,
      side: picks.side,
      lineSpread: picks.lineSpread,
      lineFavorite: picks.lineFavorite,
      lineTotal: picks.lineTotal,
    })
    .from(picks)
    .where(eq(picks.gameId, gameId));
}

export interface LineGrade {
  market: string;
  side: string;
  lineSpread: string | null;
  lineFavorite: string | null;
  lineTotal: string | null;
  result: "win" | "loss" | "push" | "pending";
}

/** Sets every pick on a game to the grade of its line, in one statement however many picks there are. */
export async function setGradesOnGame(
  db: Executor,
  gameId: string,
  grades: LineGrade[],
  options: { clearCache?: boolean } = {},
): Promise<number> {
  if (grades.length === 0) return 0;
  if (options.clearCache !== false) await clearNow(db, "contests");
  const values = sql.join(
    grades.map(
      (g) =>
        sql`(${g.market}, ${g.side}, ${g.lineSpread}::numeric, ${g.lineFavorite}::text, ${g.lineTotal}::numeric, ${g.result})`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    update ${picks} p set result = v.result
    from (values ${values}) as v(market, side, line_spread, line_favorite, line_total, result)
    where p.game_id = ${gameId}
      and p.market = v.market and p.side = v.side
      and p.line_spread is not distinct from v.line_spread
      and p.line_favorite is not distinct from v.line_favorite
      and p.line_total is not distinct from v.line_total`);
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}

export async function resetGradesOnGame(
  db: Executor,
  gameId: string,
  options: { clearCache?: boolean } = {},
): Promise<void> {
  if (options.clearCache !== false) await clearNow(db, "contests");
  await db
    .update(picks)
    .set({ result: "pending" })
    .where(and(eq(picks.gameId, gameId), sql`${picks.result} <> 'pending'`));
}

/** A canceled game's picks are void: they count neither way (stored as a push). */
export async function voidPicksOnGame(
  db: Executor,
  gameId: string,
  options: { clearCache?: boolean } = {},
): Promise<number> {
  if (options.clearCache !== false) await clearNow(db, "contests");
  const voided = await db
    .update(picks)
    .set({ result: "push" })
    .where(eq(picks.gameId, gameId))
    .returning({ id: picks.id });
  return voided.length;
}

/**
 * What a pick submission is checked against: all of it moves the contest's revision when it changes
 * (docs/decisions/010-picks-checked-without-a-lock.md), so it may be kept in memory between
 * submissions (submit-picks.service.ts).
 */
export interface PickingState {
  contest: Pick<
    ContestRow,
    | "id"
    | "name"
    | "status"
    | "player1Id"
    | "player2Id"
    | "player2Email"
    | "season"
    | "startWeek"
    | "totalWeeks"
    | "maxPicksPerPlayer"
    | "roundPlans"
    | "rulePlans"
    | "revision"
  >;
  /** The week's picks, both players', as stored (Make Picks shows them from here too). */
  held: PickRow[];
  savedFirstPickerId: string | null;
  /** The week's accepted additional games. */
  extraGameIds: string[];
  /** The week's proposals with their proposers' names, in `listProposals`' order. */
  proposals: { proposal: ProposalRow; proposerName: string }[];
  /** The players who have made their tiebreaker guess of the week (none unless the contest plays it). */
  guessedBy: string[];
}

/** A pick as JSON aggregates carry it (`PICK_TUPLE`): its columns in the table's order, lines as text. */
export type PickTuple = [
  string,
  string,
  string,
  number,
  number,
  PickRow["market"],
  PickRow["side"],
  string | null,
  string | null,
  string | null,
  PickRow["result"],
  string,
  boolean,
];

/** A pick `p` as a `PickTuple`, for a JSON aggregate; the numeric lines as text, as they read. */
export const PICK_TUPLE = sql.raw(`json_build_array(p.id, p.user_id, p.game_id, p.week, p.round, p.market,
  p.side, p.line_spread::text, p.line_favorite, p.line_total::text, p.result, p.created_at, p.is_lock)`);

/**
 * A `PickTuple` of a contest's as the row it stands for, its player the contest's own string of that
 * id and its short texts shared (shared-strings.ts): the weeks kept for picking hold many picks, and
 * each must add no strings of its own (docs/decisions/046-the-live-sundays-heap-fewer-objects-to-mark.md).
 */
export const pickFromTuple =
  (contest: { id: string; player1Id: string; player2Id: string | null }) =>
  ([
    id,
    userId,
    gameId,
    week,
    round,
    market,
    side,
    lineSpread,
    lineFavorite,
    lineTotal,
    result,
    at,
    isLock,
  ]: PickTuple): PickRow => ({
    id,
    contestId: contest.id,
    userId: sharedPlayerId(userId, contest),
    gameId: sharedText(gameId),
    week,
    round,
    market: sharedText(market),
    side: sharedText(side),
    lineSpread: sharedText(lineSpread),
    lineFavorite: sharedText(lineFavorite),
    lineTotal: sharedText(lineTotal),
    isLock,
    result: sharedResult(result),
    createdAt: new Date(at),
  });

type ProposalTuple = [string, string, string, string, ProposalRow["status"], string, string | null];

type StateRow = Omit<PickingState, "held" | "proposals"> & { held: PickTuple[]; proposals: ProposalTuple[] };

/** What a contest's week is read with (`c` the contest, `week` its week): one statement reads it all. */
const stateColumns = (week: SQL | Placeholder) => sql`
    json_build_object('id', c.id, 'name', c.name, 'status', c.status, 'player1Id', c.player1_id,
      'player2Id', c.player2_id, 'player2Email', c.player2_email, 'season', c.season,
      'startWeek', c.start_week, 'totalWeeks', c.total_weeks,
      'maxPicksPerPlayer', c.max_picks_per_player, 'roundPlans', c.round_plans,
      'rulePlans', c.rule_plans, 'revision', c.revision) as contest,
    coalesce((select json_agg(${PICK_TUPLE})
      from ${picks} p where p.contest_id = c.id and p.week = ${week}), '[]'::json) as held,
    (select f.first_picker_id from ${firstPickerAssignments} f
      where f.contest_id = c.id and f.week = ${week}) as "savedFirstPickerId",
    coalesce((select json_agg(gp.game_id) from ${gameProposals} gp
      where gp.contest_id = c.id and gp.week = ${week} and gp.status = 'accepted'), '[]'::json)
      as "extraGameIds",
    coalesce((select json_agg(json_build_array(gp.id, gp.game_id, gp.proposed_by,
        u.first_name || ' ' || u.last_name, gp.status, gp.created_at, gp.responded_at)
        order by gp.created_at, g.game_date, gp.id)
      from ${gameProposals} gp join ${games} g on g.id = gp.game_id join ${users} u on u.id = gp.proposed_by
      where gp.contest_id = c.id and gp.week = ${week}), '[]'::json) as proposals,
    case when c.rule_plans is null then '[]'::json else coalesce((select json_agg(t.user_id)
      from ${tiebreakGuesses} t where t.contest_id = c.id and t.week = ${week}), '[]'::json)
      end as "guessedBy"`;

const readPickingState = preparedStatement<StateRow>(
  "picks_state",
  () => sql`select ${stateColumns(sql.placeholder("week"))}
  from ${contests} c
  where c.id = ${sql.placeholder("contestId")} and c.archived_at is null`,
);

/**
 * A live contest with what a pick submission in one of its weeks is checked against, in one
 * statement and without a lock: `insertPicksIfUnchanged` stores the picks only if the contest's
 * revision is still the one read here.
 */
export async function pickingState(
  db: Executor,
  contestId: string,
  week: number,
): Promise<PickingState | undefined> {
  const [row] = await readPickingState(db, { contestId, week });
  return row && toPickingState(row, week);
}

/** A contest's week as `pickingStates` keys it. */
export const weekKey = (contestId: string, week: number) => `${contestId}|${week}`;

/** One contest's week. */
export interface ContestWeek {
  contestId: string;
  week: number;
}

/**
 * Many contests' weeks at once, live contests only, in one statement, by `weekKey`: the first sights
 * of a crowd's pages (contest-data.service.ts).
 */
export async function pickingStates(
  db: Executor,
  keys: readonly ContestWeek[],
): Promise<Map<string, PickingState>> {
  if (keys.length === 0) return new Map();
  // Two arrays, not two parameters per key: a crowd's keys built through Drizzle one by one cost
  // more than the statement (docs/decisions/037-a-finals-weekly-results-and-who-holds-the-loop.md).
  const ids = sql.param(keys.map((key) => key.contestId));
  const weeks = sql.param(keys.map((key) => key.week));
  const rows = await queryRows<StateRow & { week: number }>(
    db,
    sql`select k.week, ${stateColumns(sql`k.week`)}
    from unnest(${ids}::uuid[], ${weeks}::int[]) as k(contest_id, week)
    join ${contests} c on c.id = k.contest_id and c.archived_at is null`,
  );
  return new Map(rows.map((row) => [weekKey(row.contest.id, row.week), toPickingState(row, row.week)]));
}

function toPickingState(row: StateRow, week: number): PickingState {
  const contestId = row.contest.id;
  return {
    contest: row.contest,
    savedFirstPickerId: row.savedFirstPickerId,
    extraGameIds: row.extraGameIds,
    guessedBy: row.guessedBy.map((userId) => sharedPlayerId(userId, row.contest)),
    held: row.held.map(pickFromTuple(row.contest)),
    proposals: row.proposals.map(([id, gameId, proposedBy, proposerName, status, at, respondedAt]) => ({
      proposal: {
        id,
        contestId,
        gameId,
        week,
        proposedBy,
        status,
        createdAt: new Date(at),
        respondedAt: respondedAt === null ? null : new Date(respondedAt),
      },
      proposerName,
    })),
  };
}

export async function listHeldPicks(db: Executor, contestId: string, week: number) {
  return db
    .select({ userId: picks.userId, gameId: picks.gameId, market: picks.market, side: picks.side })
    .from(picks)
    .where(and(eq(picks.contestId, contestId), eq(picks.week, week)));
}

/** Picks with their games, for one contest, optionally one player and one week. */
export async function listPicksWithGames(
  db: Executor,
  filter: { contestId: string; userId?: string; week?: number },
) {
  return db
    .select({ pick: picks, game: games })
    .from(picks)
    .innerJoin(games, eq(games.id, picks.gameId))
    .where(
      and(
        eq(picks.contestId, filter.contestId),
        filter.userId ? eq(picks.userId, filter.userId) : undefined,
        filter.week ? eq(picks.week, filter.week) : undefined,
      ),
    )
    .orderBy(picks.week, games.gameDate, picks.createdAt);
}

/** Contests with picks on a game: the ones whose weeks may settle when it is scored. */
export async function contestsWithPicksOn(db: Executor, gameId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ contestId: picks.contestId })
    .from(picks)
    .where(eq(picks.gameId, gameId));
  return rows.map((row) => row.contestId);
}

/** The weeks of these contests (among `weeks`) with a pick not graded yet, by `weekKey`. */
export async function weeksWithPendingPicks(
  db: Executor,
  contestIds: readonly string[],
  weeks: readonly number[],
): Promise<Set<string>> {
  if (contestIds.length === 0 || weeks.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ contestId: picks.contestId, week: picks.week })
    .from(picks)
    .where(
      and(
        inArray(picks.contestId, [...contestIds]),
        inArray(picks.week, [...weeks]),
        eq(picks.result, "pending"),
      ),
    );
  return new Set(rows.map((row) => weekKey(row.contestId, row.week)));
}

/** The contests' weeks with a pick on one of these games. */
export function weeksWithPicksOn(db: Executor, gameIds: readonly string[]): Promise<ContestWeek[]> {
  return db
    .selectDistinct({ contestId: picks.contestId, week: picks.week })
    .from(picks)
    .where(inArray(picks.gameId, [...gameIds]));
}
