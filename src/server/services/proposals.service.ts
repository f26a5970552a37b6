import { checkAnswer, checkProposal, isExpired } from "@/domain/proposals";
import { isOpen } from "@/domain/picks";
import type { PendingProposals } from "@/contracts/bets";
import type { CreateProposalBody, Proposal, RespondProposalBody } from "@/contracts/proposals";
import type { AppContext } from "../context";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { findGame, type GameRow } from "../repositories/games.repository";
import { listHeldPicks } from "../repositories/picks.repository";
import * as proposalsRepo from "../repositories/proposals.repository";
import type { ProposalRow } from "../repositories/proposals.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { listBetChangesAwaiting } from "./bets.service";
import { contestWeek, visibleContest } from "./contests.service";
import { isUniqueViolation, seasonGamesById, toGame } from "./games.service";
import { proposalNotice } from "./notice-texts";
import { queueNotice } from "./queue-notices";
import { visibleWeek } from "./contest-week.service";
import { pickGame } from "./submit-picks.service";
import { currentSeasonWeek } from "./season.service";

export const PROPOSAL_NOT_FOUND = "Proposal not found.";

function toProposal(row: ProposalRow, game: GameRow, proposerName: string, now: Date): Proposal {
  return {
    id: row.id,
    contestId: row.contestId,
    gameId: row.gameId,
    week: row.week,
    proposedBy: row.proposedBy,
    proposerName,
    status: row.status,
    proposedAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    game: toGame(game),
    started: !isOpen(game, now),
    expired: isExpired(row.status, game, now),
  };
}

/** The caller's opponent; 403 for anyone else who can see the contest (an admin who does not play). */
function opponentOf(contest: ContestRow, user: UserRow): string {
  if (!contest.player2Id || (user.id !== contest.player1Id && user.id !== contest.player2Id)) {
    throw forbidden("Only the contest's two players propose and answer extra games.");
  }
  return user.id === contest.player1Id ? contest.player2Id : contest.player1Id;
}

function checkActive(contest: ContestRow) {
  if (contest.status !== "active") {
    throw conflict(`This contest is ${contest.status}: games can no longer be proposed.`);
  }
}

const labelOf = (game: GameRow) => `${game.awayTeam} @ ${game.homeTeam}`;

/** A contest's proposals (one week's, or all), for its players and admins. */
export async function listProposals(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number | undefined,
): Promise<Proposal[]> {
  const now = ctx.clock.now();
  if (week) {
    // Make Picks' week, from memory (contest-week.service.ts `visibleWeek`) with the games.
    const { contest, proposals } = await visibleWeek(ctx, user, contestId, week);
    const games = await seasonGamesById(ctx, contest.season);
    return proposals.flatMap(({ proposal, proposerName }) => {
      const game = games.get(proposal.gameId);
      return game ? [toProposal(proposal, game, proposerName, now)] : [];
    });
  }
  await visibleContest(ctx.db, user, contestId);
  const rows = await proposalsRepo.listProposals(ctx.db, contestId, week);
  return rows.map((row) => toProposal(row.proposal, row.game, row.proposerName, now));
}

/**
 * What waits for the player's answer in their active contests, oldest first: the opponent's bet
 * changes and the additional games that have not kicked off.
 */
export async function listPendingProposals(ctx: AppContext, user: UserRow): Promise<PendingProposals> {
  const now = ctx.clock.now();
  const [betChanges, rows] = await Promise.all([
    listBetChangesAwaiting(ctx, user),
    proposalsRepo.listPendingFor(ctx.db, user.id),
  ]);
  const games = rows
    .map((row) => ({
      ...toProposal(row.proposal, row.game, row.proposerName, now),
      contestName: row.contestName,
    }))
    .filter((proposal) => !proposal.expired);
  return { betChanges, games };
}

/**
 * A player proposes a game of the contest's current week as an extra game. Under the contest's row
 * lock, like picks: a proposal and a pick on the same game are checked one after the other.
 */
export async function createProposal(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  body: CreateProposalBody,
): Promise<Proposal> {
  const season = await currentSeasonWeek(ctx);
  try {
    const proposal = await ctx.db.transaction(async (tx) => {
      const contest = await visibleContest(tx, user, contestId, { forUpdate: true });
      const opponentId = opponentOf(contest, user);
      checkActive(contest);
      const week = contestWeek(contest, season);
      const now = ctx.clock.now();
      const game = await findGame(tx, body.gameId);
      if (!game) throw conflict("That game does not exist.");
      const alreadyProposed = await proposalsRepo.proposalExists(tx, contest.id, game.id);
      const held = await listHeldPicks(tx, contest.id, game.week);
      const refusal = checkProposal({
        game: pickGame(game),
        season: contest.season,
        week,
        now,
        alreadyProposed,
        picked: held.some((pick) => pick.gameId === game.id),
      });
      if (refusal) throw conflict(refusal.message);

      const row = await proposalsRepo.insertProposal(tx, {
        contestId: contest.id,
        gameId: game.id,
        week,
        proposedBy: user.id,
        status: "pending",
        // The app's clock, which APP_NOW may fix, like every time the rules read.
        createdAt: now,
      });
      await recordActivity(tx, {
        actorId: user.id,
        action: "proposal.created",
        contestId: contest.id,
        subjectUserId: opponentId,
        details: { game: labelOf(game), week, proposalId: row.id },
      });
      const opponent = await findUserById(tx, opponentId);
      if (opponent) {
        await queueNotice(
          ctx,
          tx,
          proposalNotice(ctx, {
            to: opponent,
            proposer: user,
            contest,
            week,
            game: labelOf(game),
            kickoff: game.gameDate,
          }),
        );
      }
      return toProposal(row, game, `${user.firstName} ${user.lastName}`, now);
    });
    ctx.mailer.kick();
    return proposal;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("That game has already been proposed in this contest.");
    throw error;
  }
}

/**
 * The opponent of the proposer accepts or rejects a pending proposal before kickoff. The contest's
 * row lock makes two answers (or an answer and a pick on the game) go one after the other: a
 * proposal is accepted once.
 */
export async function respondToProposal(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  proposalId: string,
  body: RespondProposalBody,
): Promise<Proposal> {
  return ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, user, contestId, { forUpdate: true });
    opponentOf(contest, user);
    const proposal = await proposalsRepo.findProposal(tx, contest.id, proposalId);
    if (!proposal) throw notFound(PROPOSAL_NOT_FOUND);
    const game = await findGame(tx, proposal.gameId);
    if (!game) throw notFound(PROPOSAL_NOT_FOUND);
    const now = ctx.clock.now();
    const held = await listHeldPicks(tx, contest.id, game.week);
    const refusal = checkAnswer({
      game: pickGame(game),
      status: proposal.status,
      proposedBy: proposal.proposedBy,
      userId: user.id,
      answer: body.status,
      now,
      picked: held.some((pick) => pick.gameId === game.id),
    });
    if (refusal)
      throw refusal.rule === "own-proposal" ? forbidden(refusal.message) : conflict(refusal.message);
    checkActive(contest);

    const answered = await proposalsRepo.answerProposal(tx, proposal.id, body.status, now);
    if (!answered) throw conflict("This proposal has already been answered.");
    await recordActivity(tx, {
      actorId: user.id,
      action: body.status === "accepted" ? "proposal.accepted" : "proposal.rejected",
      contestId: contest.id,
      subjectUserId: proposal.proposedBy,
      details: { game: labelOf(game), week: proposal.week, proposalId: proposal.id },
    });
    const proposer = await findUserById(tx, proposal.proposedBy);
    return toProposal(answered, game, proposer ? `${proposer.firstName} ${proposer.lastName}` : "", now);
  });
}
