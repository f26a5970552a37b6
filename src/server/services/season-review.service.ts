// A completed contest's season in review (docs/rules.md, "Season in review"), for its players and
// the admins, and through a share link that either player makes or revokes, for anyone holding it.
import { randomBytes } from "node:crypto";
import { seasonReview, type Player, type ReviewPick } from "@/domain/season-review";
import type { SeasonReview, ShareLink } from "@/contracts/season-review";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import type { ContestResultsData } from "../repositories/contest-results.repository";
import * as sharesRepo from "../repositories/contest-shares.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { gradedPicksInOrder } from "../repositories/rivalry.repository";
import { listTeams } from "../repositories/teams.repository";
import { findUsersByIds, type UserRow } from "../repositories/users.repository";
import { contestsData } from "./contest-data.service";
import { contestWeek, isPlayer, NOT_FOUND, visibleContest } from "./contests.service";
import { isUniqueViolation } from "./games.service";
import { publicUrl } from "./notice-texts";
import { contestOutcomes, standingOf, weekClockNow } from "./results.service";
import { currentSeasonWeek } from "./season.service";

export const NOT_COMPLETED = "The season in review opens once the contest is completed.";
export const ONLY_PLAYERS = "Only the contest's two players can share its season in review.";
export const ONLY_COMPLETED = "Only a completed contest's season in review can be shared.";

/** The review without its share link: what the public page shows. */
export type ReviewCard = Omit<SeasonReview, "share">;

/** A share link's address: the app's public URL, never the request's Host header. */
export const shareUrlOf = (ctx: AppContext, token: string) => `${publicUrl(ctx.env)}/share/${token}`;

const toShareLink = (ctx: AppContext, row: { token: string }): ShareLink => ({
  url: shareUrlOf(ctx, row.token),
});

const fullName = (user: UserRow | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : "A former player";

/** The figures of a completed contest: its weeks and standing, its graded picks, names and teams. */
async function cardOf(ctx: AppContext, data: ContestResultsData): Promise<ReviewCard> {
  const { contest } = data;
  const player2Id = contest.player2Id!;
  const [now, picks, people, teams] = await Promise.all([
    currentSeasonWeek(ctx),
    gradedPicksInOrder(ctx.db, contest.id),
    findUsersByIds(ctx.db, [contest.player1Id, player2Id]),
    listTeams(ctx.db),
  ]);
  const clock = await weekClockNow(ctx, now, [contest.season]);
  const outcomes = contestOutcomes(data, contestWeek(contest, now), clock);
  const standing = standingOf(contest, data.tallies, outcomes, data.locks);
  const playerOf = (userId: string | null): Player | null =>
    userId === contest.player1Id ? "player1" : userId === player2Id ? "player2" : null;
  const reviewPicks = picks.flatMap((row): ReviewPick[] => {
    const player = playerOf(row.userId);
    if (!player) return [];
    return [
      {
        player,
        week: row.week,
        market: row.market,
        side: row.side,
        lineSpread: row.lineSpread === null ? null : Number(row.lineSpread),
        lineFavorite: row.lineFavorite,
        lineTotal: row.lineTotal === null ? null : Number(row.lineTotal),
        isLock: row.isLock,
        result: row.result as ReviewPick["result"],
        homeTeam: row.homeTeam,
        awayTeam: row.awayTeam,
        kickoff: row.kickoff,
      },
    ];
  });
  const figures = seasonReview({
    outcomes,
    standing: { player1: standing.player1, player2: standing.player2 },
    winner: playerOf(contest.winnerId),
    picks: reviewPicks,
  });
  const teamName = new Map(teams.map((team) => [team.code, team.name]));
  const named = (count: (typeof figures.teams.player1)["rode"]) =>
    count ? { ...count, name: teamName.get(count.team) ?? count.team } : null;
  const teamsOf = (player: Player) => ({
    rode: named(figures.teams[player].rode),
    faded: named(figures.teams[player].faded),
  });
  const person = (id: string) => ({ id, name: fullName(people.find((user) => user.id === id)) });
  return {
    contestId: contest.id,
    name: contest.name,
    season: contest.season,
    startWeek: contest.startWeek,
    totalWeeks: contest.totalWeeks,
    isFree: outcomes.every((week) => week.potAmount === 0),
    players: { player1: person(contest.player1Id), player2: person(player2Id) },
    ...figures,
    teams: { player1: teamsOf("player1"), player2: teamsOf("player2") },
    clincher: figures.clincher && { ...figures.clincher, kickoff: figures.clincher.kickoff.toISOString() },
  };
}

/** GET /api/contests/{id}/review: for its two players and the admins (404 to anyone else), once completed. */
export async function getSeasonReview(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
): Promise<SeasonReview> {
  const [data] = await contestsData(ctx, [contestId]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  if (data.contest.status !== "completed" || !data.contest.player2Id) throw conflict(NOT_COMPLETED);
  const [card, share] = await Promise.all([cardOf(ctx, data), sharesRepo.findLiveShare(ctx.db, contestId)]);
  return { ...card, share: share ? toShareLink(ctx, share) : null };
}

const isOwnPlayer = (contest: ContestRow, user: UserRow) =>
  contest.player1Id === user.id || contest.player2Id === user.id;

/** The contest if this user may share its review or stop sharing it; else the refusal. */
async function shareable(db: Executor, user: UserRow, contestId: string): Promise<ContestRow> {
  const contest = await visibleContest(db, user, contestId);
  if (!isOwnPlayer(contest, user)) throw forbidden(ONLY_PLAYERS);
  return contest;
}

/**
 * POST /api/contests/{id}/share: either player makes the contest's share link, or gets the live one
 * (`created: false`). One live link a contest: two made at once meet in the partial unique index,
 * and the second gets the first's.
 */
export async function shareSeasonReview(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
): Promise<{ link: ShareLink; created: boolean }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const contest = await shareable(tx, user, contestId);
      if (contest.status !== "completed") throw conflict(ONLY_COMPLETED);
      const live = await sharesRepo.findLiveShare(tx, contestId);
      if (live) return { link: toShareLink(ctx, live), created: false };
      const token = randomBytes(24).toString("base64url");
      const row = await sharesRepo.insertShare(tx, { contestId, token, createdBy: user.id }, ctx.clock.now());
      await recordActivity(tx, { actorId: user.id, action: "contest.shared", contestId });
      return { link: toShareLink(ctx, row), created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error, "contest_shares_one_live_key")) throw error;
    const live = await sharesRepo.findLiveShare(ctx.db, contestId);
    if (!live) throw conflict("The share link changed meanwhile. Try again.");
    return { link: toShareLink(ctx, live), created: false };
  }
}

/**
 * DELETE /api/contests/{id}/share: either player revokes the live link, which then answers 404.
 * With no live link there is nothing to do, and the answer is the same (204).
 */
export async function stopSharing(ctx: AppContext, user: UserRow, contestId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await shareable(tx, user, contestId);
    const revoked = await sharesRepo.revokeShare(tx, contestId, ctx.clock.now());
    if (revoked) await recordActivity(tx, { actorId: user.id, action: "contest.share_revoked", contestId });
  });
}

/**
 * The card a live share link shows, to anyone holding it, and the link's address; undefined for an
 * unknown or revoked token, or a contest no longer completed or archived since.
 */
export async function sharedCard(
  ctx: AppContext,
  token: string,
): Promise<{ card: ReviewCard; url: string } | undefined> {
  const share = await sharesRepo.findLiveShareByToken(ctx.db, token);
  if (!share) return undefined;
  const [data] = await contestsData(ctx, [share.contestId]);
  if (!data || data.contest.status !== "completed" || !data.contest.player2Id) return undefined;
  return { card: await cardOf(ctx, data), url: shareUrlOf(ctx, share.token) };
}
