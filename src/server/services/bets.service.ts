import { changesBet, proposalState } from "@/domain/bets";
import type { SeasonWeek } from "@/domain/season";
import type {
  BetChange,
  BetChangesQuery,
  ProposeBetChangeBody,
  RespondBetChangeBody,
  SetBetBody,
} from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as changesRepo from "../repositories/bet-changes.repository";
import type { BetChangeRow, ListedChange } from "../repositories/bet-changes.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { contestWeek, getContest, visibleContest } from "./contests.service";
import { betChangeNotice } from "./notice-texts";
import { queueNotice } from "./queue-notices";
import { agreedBetsByContest, baseBet, potOf } from "./results.service";
import { currentSeasonWeek } from "./season.service";

export const CHANGE_NOT_FOUND = "Bet change not found.";

const perWeek = (amount: number) => (amount === 0 ? "free ($0/week)" : `$${amount}/week`);

type ContestPlayers = Pick<ContestRow, "player1Id" | "player2Id">;

/** The proposer's opponent, who answers; null when the proposer is not a player (an administrator). */
function opponentOf(contest: ContestPlayers, userId: string): string | null {
  if (userId === contest.player1Id) return contest.player2Id;
  if (userId === contest.player2Id) return contest.player1Id;
  return null;
}

const isPlayerOf = (contest: ContestPlayers, user: UserRow) =>
  contest.player2Id !== null && (user.id === contest.player1Id || user.id === contest.player2Id);

function toBetChange(row: ListedChange, season: SeasonWeek): BetChange {
  const { change, contest } = row;
  const kind = row.isAdminSetting ? "admin" : "proposal";
  return {
    id: change.id,
    contestId: change.contestId,
    contestName: contest.name,
    kind,
    proposedBy: change.proposedBy,
    proposerName: row.proposerName,
    responderId: kind === "admin" ? null : opponentOf(contest, change.proposedBy),
    fromWeek: change.fromWeek,
    newAmount: change.newAmount,
    status: proposalState(change.status, change.fromWeek, {
      active: contest.status === "active",
      currentWeek: contestWeek(contest, season),
    }),
    createdAt: change.createdAt.toISOString(),
    respondedAt: change.respondedAt?.toISOString() ?? null,
  };
}

async function listed(ctx: AppContext, filter: Parameters<typeof changesRepo.listChanges>[1]) {
  const [rows, season] = await Promise.all([changesRepo.listChanges(ctx.db, filter), currentSeasonWeek(ctx)]);
  return rows.map((row) => toBetChange(row, season));
}

async function listedOne(ctx: AppContext, row: BetChangeRow): Promise<BetChange> {
  const [change] = await listed(ctx, { contestId: row.contestId, id: row.id });
  return change!;
}

/** A contest's bet changes, pending and answered, newest first: for its players and the admins. */
export async function listContestBetChanges(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
): Promise<BetChange[]> {
  await visibleContest(ctx.db, user, contestId);
  return listed(ctx, { contestId });
}

/** Admins: every contest's bet changes, newest first, optionally of one status. */
export async function listAllBetChanges(ctx: AppContext, query: BetChangesQuery): Promise<BetChange[]> {
  const stored = query.status === "expired" ? "proposed" : query.status;
  const all = await listed(ctx, { status: stored });
  return query.status ? all.filter((change) => change.status === query.status) : all;
}

/** The opponent's bet changes waiting for this player's answer (not yet expired), oldest first. */
export async function listBetChangesAwaiting(ctx: AppContext, user: UserRow): Promise<BetChange[]> {
  const changes = await listed(ctx, { awaiting: user.id });
  return changes.filter((change) => change.status === "proposed").reverse();
}

/**
 * A player proposes a new weekly amount from a week on: only the contest's two players, only while
 * it is active, from its current week to its last, and one proposal waiting at a time.
 */
export async function proposeBetChange(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  body: ProposeBetChangeBody,
): Promise<BetChange> {
  const season = await currentSeasonWeek(ctx);
  const created = await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, user, contestId, { forUpdate: true });
    if (!isPlayerOf(contest, user))
      throw forbidden("Only the contest's two players can propose a bet change.");
    if (contest.status !== "active") {
      throw conflict(
        `Bet changes can be proposed only while the contest is active; it is ${contest.status}.`,
      );
    }
    const current = contestWeek(contest, season);
    if (body.week > contest.totalWeeks) {
      throw badRequest(`Week must be between ${current} and ${contest.totalWeeks}.`);
    }
    if (body.week < current) {
      throw conflict(
        `Week ${body.week} is below the current week (${current}): a bet change can start in week ${current} at the earliest.`,
      );
    }
    const waiting = (await changesRepo.listOpenProposals(tx, contestId)).find(
      (change) => change.fromWeek >= current,
    );
    if (waiting) {
      throw conflict(
        `A bet change is already waiting for an answer in this contest (${perWeek(waiting.newAmount)} from week ${waiting.fromWeek}): it must be approved or rejected first.`,
      );
    }
    await checkChanges(tx, contest, body.week, body.newAmount);
    const row = await changesRepo.insertProposal(tx, {
      contestId,
      proposedBy: user.id,
      fromWeek: body.week,
      newAmount: body.newAmount,
      now: ctx.clock.now(),
    });
    await recordActivity(tx, {
      actorId: user.id,
      action: "bet.proposed",
      contestId,
      subjectUserId: opponentOf(contest, user.id),
      details: { fromWeek: body.week, newAmount: body.newAmount },
    });
    const opponentId = opponentOf(contest, user.id);
    const opponent = opponentId ? await findUserById(tx, opponentId) : undefined;
    if (opponent) {
      await queueNotice(
        ctx,
        tx,
        betChangeNotice(ctx, {
          to: opponent,
          proposer: user,
          contest,
          fromWeek: body.week,
          newAmount: body.newAmount,
        }),
      );
    }
    return row;
  });
  ctx.mailer.kick();
  return listedOne(ctx, created);
}

/** 409 when the new amount is already the bet of every week from `fromWeek` to the contest's last. */
async function checkChanges(tx: Executor, contest: ContestRow, fromWeek: number, amount: number) {
  const agreed = (await agreedBetsByContest(tx, [contest.id])).get(contest.id) ?? [];
  if (!changesBet(baseBet(contest), agreed, { fromWeek, amount }, contest.totalWeeks)) {
    throw conflict(`The bet is already ${perWeek(amount)} from week ${fromWeek} on.`);
  }
}

/**
 * The proposer's opponent approves or rejects a proposal, once, while it has not expired. Under the
 * contest's row lock: of two answers at once, one is taken and the other finds it answered (409).
 */
export async function respondToBetChange(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  changeId: string,
  body: RespondBetChangeBody,
): Promise<BetChange> {
  const season = await currentSeasonWeek(ctx);
  const answered = await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, user, contestId, { forUpdate: true });
    const change = await changesRepo.findChange(tx, contestId, changeId);
    if (!change) throw notFound(CHANGE_NOT_FOUND);
    if (!isPlayerOf(contest, user))
      throw forbidden("Only the contest's two players can approve or reject a bet change.");
    if (change.status !== "proposed") throw conflict(`This bet change was already ${change.status}.`);
    if (change.proposedBy === user.id) {
      throw forbidden("You proposed this bet change: your opponent must approve or reject it.");
    }
    const current = contestWeek(contest, season);
    if (contest.status !== "active") {
      throw conflict(`This bet change has expired: the contest is ${contest.status}.`);
    }
    if (change.fromWeek < current) {
      throw conflict(
        `This bet change has expired: it was to start in week ${change.fromWeek}, and the contest is in week ${current} now.`,
      );
    }
    const row = await changesRepo.answerProposal(tx, change, body.status, ctx.clock.now());
    if (!row) throw conflict("This bet change was already answered.");
    await recordActivity(tx, {
      actorId: user.id,
      action: body.status === "approved" ? "bet.approved" : "bet.rejected",
      contestId,
      subjectUserId: change.proposedBy,
      details: { fromWeek: change.fromWeek, newAmount: change.newAmount },
    });
    return row;
  });
  return listedOne(ctx, answered);
}

/**
 * An administrator's setting of the bet, approved at once, in the caller's transaction (which holds
 * the contest's row lock). Writes nothing when every week from `fromWeek` on already has the amount.
 * Returns whether it wrote a change.
 */
export async function recordAdminBet(
  tx: Executor,
  input: { admin: UserRow; contest: ContestRow; fromWeek: number; amount: number; now: Date },
): Promise<boolean> {
  const { admin, contest, fromWeek, amount } = input;
  const agreed = (await agreedBetsByContest(tx, [contest.id])).get(contest.id) ?? [];
  if (!changesBet(baseBet(contest), agreed, { fromWeek, amount }, contest.totalWeeks)) return false;
  await changesRepo.insertSetting(tx, {
    contestId: contest.id,
    proposedBy: admin.id,
    fromWeek,
    newAmount: amount,
    now: input.now,
  });
  await recordActivity(tx, {
    actorId: admin.id,
    action: "bet.set",
    contestId: contest.id,
    details: { fromWeek, newAmount: amount, before: potOf(contest, agreed, fromWeek) },
  });
  return true;
}

/**
 * Admins set a contest's bet from its current week on (free means $0), pending or active; the weeks
 * before keep their pots. Saving the bet already in force changes nothing.
 */
export async function setBet(
  ctx: AppContext,
  admin: UserRow,
  contestId: string,
  body: SetBetBody,
): Promise<Contest> {
  const season = await currentSeasonWeek(ctx);
  await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, admin, contestId, { forUpdate: true });
    if (contest.status === "completed" || contest.status === "rejected") {
      throw conflict(`This contest is ${contest.status}: its bet can no longer change.`);
    }
    await recordAdminBet(tx, {
      admin,
      contest,
      fromWeek: contestWeek(contest, season),
      amount: body.isFree ? 0 : (body.amount ?? 0),
      now: ctx.clock.now(),
    });
  });
  return getContest(ctx, admin, contestId);
}
