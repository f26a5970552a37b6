import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { contests, gameProposals, games, users } from "../db/schema";
import type { GameRow } from "./games.repository";

export type ProposalRow = typeof gameProposals.$inferSelect;

/** A contest's proposals, optionally of one week, with their games and proposers, oldest first. */
export function listProposals(db: Executor, contestId: string, week?: number) {
  return (
    db
      .select({
        proposal: gameProposals,
        game: games,
        proposerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(gameProposals)
      .innerJoin(games, eq(games.id, gameProposals.gameId))
      .innerJoin(users, eq(users.id, gameProposals.proposedBy))
      .where(
        and(
          eq(gameProposals.contestId, contestId),
          week === undefined ? undefined : eq(gameProposals.week, week),
        ),
      )
      // With the clock fixed (APP_NOW), proposals share a time: then the earlier game first.
      .orderBy(gameProposals.createdAt, games.gameDate, gameProposals.id)
  );
}

/**
 * The pending proposals waiting for a player's answer (made by their opponent) in their active
 * contests, with their games, proposers and contests' names, oldest first.
 */
export function listPendingFor(db: Executor, userId: string) {
  return db
    .select({
      proposal: gameProposals,
      game: games,
      proposerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      contestName: contests.name,
    })
    .from(gameProposals)
    .innerJoin(contests, eq(contests.id, gameProposals.contestId))
    .innerJoin(games, eq(games.id, gameProposals.gameId))
    .innerJoin(users, eq(users.id, gameProposals.proposedBy))
    .where(
      and(
        eq(gameProposals.status, "pending"),
        eq(contests.status, "active"),
        isNull(contests.archivedAt),
        ne(gameProposals.proposedBy, userId),
        or(eq(contests.player1Id, userId), eq(contests.player2Id, userId)),
      ),
    )
    .orderBy(gameProposals.createdAt, games.gameDate, gameProposals.id);
}

export async function findProposal(db: Executor, contestId: string, id: string) {
  const [row] = await db
    .select()
    .from(gameProposals)
    .where(and(eq(gameProposals.id, id), eq(gameProposals.contestId, contestId)));
  return row;
}

export async function proposalExists(db: Executor, contestId: string, gameId: string): Promise<boolean> {
  const count = await db.$count(
    gameProposals,
    and(eq(gameProposals.contestId, contestId), eq(gameProposals.gameId, gameId)),
  );
  return count > 0;
}

export async function insertProposal(
  db: Executor,
  values: typeof gameProposals.$inferInsert,
): Promise<ProposalRow> {
  const [row] = await db.insert(gameProposals).values(values).returning();
  await clearNow(db, { contest: values.contestId });
  return row!;
}

/** Answers a pending proposal; undefined when it was answered meanwhile. */
export async function answerProposal(
  db: Executor,
  id: string,
  status: "accepted" | "rejected",
  at: Date,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .update(gameProposals)
    .set({ status, respondedAt: at })
    .where(and(eq(gameProposals.id, id), eq(gameProposals.status, "pending")))
    .returning();
  if (row) await clearNow(db, { contest: row.contestId });
  return row;
}

export async function countProposalsOnGame(db: Executor, gameId: string): Promise<number> {
  return db.$count(gameProposals, eq(gameProposals.gameId, gameId));
}

/** The accepted extra games of a contest's week. */
export async function acceptedGamesOfWeek(db: Executor, contestId: string, week: number) {
  const rows = await db
    .select({ game: games })
    .from(gameProposals)
    .innerJoin(games, eq(games.id, gameProposals.gameId))
    .where(
      and(
        eq(gameProposals.contestId, contestId),
        eq(gameProposals.week, week),
        eq(gameProposals.status, "accepted"),
      ),
    );
  return rows.map((row) => row.game);
}

/**
 * An accepted extra game of a contest, with its kickoff and the players who hold a pick on it in that
 * contest: what decides whether a week can still be picked (read with the contest:
 * contest-results.repository).
 */
export interface ExtraGameRow {
  contestId: string;
  week: number;
  gameId: string;
  gameDate: Date;
  status: GameRow["status"];
  pickers: string[];
}
