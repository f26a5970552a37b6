import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { betChanges, contests, users } from "../db/schema";

export type BetChangeRow = typeof betChanges.$inferSelect;

/*
 * Times of one contest's changes are strictly increasing: each is the app's clock, or a microsecond
 * after the contest's latest, whichever is later (a fixed clock, APP_NOW, would otherwise give many
 * changes the same moment). The latest approval then decides a week's amount without a tie. The
 * callers hold the contest's row lock, so two writers never read the same latest time.
 *
 * An administrator's setting is approved as it is made: its responded_at equals its created_at. An
 * answer to a proposal is always at least a microsecond after the proposal, so the two never mix.
 */
const after = (column: SQL, contestId: string) =>
  sql`(select max(${column}) from ${betChanges} where ${betChanges.contestId} = ${contestId}) + interval '1 microsecond'`;
const moment = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const nextCreated = (contestId: string, now: Date) =>
  sql`greatest(${moment(now)}, ${after(sql`${betChanges.createdAt}`, contestId)})`;
const nextResponse = (contestId: string, now: Date, extra?: SQL) =>
  sql`greatest(${moment(now)}, ${after(sql`${betChanges.respondedAt}`, contestId)}${extra ? sql`, ${extra}` : sql``})`;

/** The approved changes of many contests in one query, each contest's in the order they were approved. */
export function listApprovedChanges(db: Executor, contestIds: string[]) {
  if (contestIds.length === 0) return Promise.resolve([]);
  return db
    .select({ contestId: betChanges.contestId, fromWeek: betChanges.fromWeek, amount: betChanges.newAmount })
    .from(betChanges)
    .where(and(inArray(betChanges.contestId, contestIds), eq(betChanges.status, "approved")))
    .orderBy(asc(betChanges.respondedAt), asc(betChanges.id));
}

/** Changes with what the client shows beside them: the contest and the proposer's name. Newest first. */
export function listChanges(
  db: Executor,
  filter: {
    contestId?: string;
    id?: string;
    status?: BetChangeRow["status"];
    /** Only the proposals waiting for this player's answer, in their active contests. */
    awaiting?: string;
  } = {},
) {
  const { awaiting } = filter;
  return db
    .select({
      change: betChanges,
      isAdminSetting: sql<boolean>`${betChanges.respondedAt} is not distinct from ${betChanges.createdAt}`,
      proposerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      contest: {
        name: contests.name,
        status: contests.status,
        player1Id: contests.player1Id,
        player2Id: contests.player2Id,
        season: contests.season,
        startWeek: contests.startWeek,
        totalWeeks: contests.totalWeeks,
      },
    })
    .from(betChanges)
    .innerJoin(contests, eq(contests.id, betChanges.contestId))
    .innerJoin(users, eq(users.id, betChanges.proposedBy))
    .where(
      and(
        isNull(contests.archivedAt),
        filter.contestId ? eq(betChanges.contestId, filter.contestId) : undefined,
        filter.id ? eq(betChanges.id, filter.id) : undefined,
        filter.status ? eq(betChanges.status, filter.status) : undefined,
        awaiting
          ? and(
              eq(betChanges.status, "proposed"),
              eq(contests.status, "active"),
              ne(betChanges.proposedBy, awaiting),
              or(eq(contests.player1Id, awaiting), eq(contests.player2Id, awaiting)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(betChanges.createdAt), desc(betChanges.id));
}

export type ListedChange = Awaited<ReturnType<typeof listChanges>>[number];

/** The proposals of a contest still waiting for an answer (expired ones included). */
export function listOpenProposals(db: Executor, contestId: string): Promise<BetChangeRow[]> {
  return db
    .select()
    .from(betChanges)
    .where(and(eq(betChanges.contestId, contestId), eq(betChanges.status, "proposed")));
}

export async function findChange(
  db: Executor,
  contestId: string,
  id: string,
): Promise<BetChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(betChanges)
    .where(and(eq(betChanges.id, id), eq(betChanges.contestId, contestId)));
  return row;
}

export async function insertProposal(
  db: Executor,
  values: { contestId: string; proposedBy: string; fromWeek: number; newAmount: number; now: Date },
): Promise<BetChangeRow> {
  const [row] = await db
    .insert(betChanges)
    .values({
      contestId: values.contestId,
      proposedBy: values.proposedBy,
      fromWeek: values.fromWeek,
      newAmount: values.newAmount,
      status: "proposed",
      createdAt: nextCreated(values.contestId, values.now),
    })
    .returning();
  await clearNow(db, { contest: values.contestId });
  return row!;
}

/** An administrator's setting: approved when made (responded_at = created_at). */
export async function insertSetting(
  db: Executor,
  values: { contestId: string; proposedBy: string; fromWeek: number; newAmount: number; now: Date },
): Promise<BetChangeRow> {
  const at = sql`greatest(${nextCreated(values.contestId, values.now)}, ${after(sql`${betChanges.respondedAt}`, values.contestId)})`;
  const [row] = await db
    .insert(betChanges)
    .values({
      contestId: values.contestId,
      proposedBy: values.proposedBy,
      fromWeek: values.fromWeek,
      newAmount: values.newAmount,
      status: "approved",
      createdAt: at,
      respondedAt: at,
    })
    .returning();
  await clearNow(db, { contest: values.contestId });
  return row!;
}

/** Answers a proposal; undefined when it was answered already. */
export async function answerProposal(
  db: Executor,
  change: Pick<BetChangeRow, "id" | "contestId">,
  status: "approved" | "rejected",
  now: Date,
): Promise<BetChangeRow | undefined> {
  const [row] = await db
    .update(betChanges)
    .set({
      status,
      respondedAt: nextResponse(
        change.contestId,
        now,
        sql`${betChanges.createdAt} + interval '1 microsecond'`,
      ),
    })
    .where(and(eq(betChanges.id, change.id), eq(betChanges.status, "proposed")))
    .returning();
  if (row) await clearNow(db, { contest: row.contestId });
  return row;
}
