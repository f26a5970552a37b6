import { timingSafeEqual } from "node:crypto";
import type { AgreedBet } from "@/domain/bets";
import { rulePlansOf, rulesInWeek } from "@/domain/contest-rules";
import { LAST_WEEK, limitRounds, PLAIN_MULTIPLIERS } from "@/domain/postseason";
import { customRounds, roundTotals } from "@/domain/rounds";
import { nextSeasonOf, type SeasonWeek } from "@/domain/season";
import type { Contest, CreateContestBody, RespondContestBody } from "@/contracts/contests";
import type { ContestStanding } from "@/contracts/picks";
import { DEFAULT_MAX_PICKS, SEASON_WEEKS } from "@/contracts/contests";
import { CONTEST_CREATION, CONTEST_CREATION_PASSWORD, type ContestCreation } from "@/contracts/system-config";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { readCache } from "../db/read-cache";
import { TimeSlices } from "../event-loop-slices";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import type { ContestResultsData } from "../repositories/contest-results.repository";
import { getConfigValue } from "../repositories/config.repository";
import * as contestsRepo from "../repositories/contests.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { findUserByEmail, findUserById, type UserRow } from "../repositories/users.repository";
import { contestsData, visibleContestsData } from "./contest-data.service";
import { challengeAnsweredNotice, challengeNotice, queueInvitationEmail } from "./notice-texts";
import { queueNotice } from "./queue-notices";
import {
  agreedBetsByContest,
  completeIfSettled,
  contestOutcomes,
  EMPTY_STANDING,
  weekClockNow,
  potOf,
  standingOf,
} from "./results.service";
import { cachedSeasonOpenings, currentSeasonWeek, hasWeeksToPlay, startWeekOf } from "./season.service";

export const NOT_FOUND = "Contest not found.";

/** A contest's week now: the season calendar's, clamped to the contest's own weeks. */
export function contestWeek(
  row: Pick<ContestRow, "season" | "startWeek" | "totalWeeks">,
  now: SeasonWeek,
): number {
  const week =
    row.season === now.season ? now.currentWeek : row.season < now.season ? row.totalWeeks : row.startWeek;
  return Math.min(Math.max(week, row.startWeek), row.totalWeeks);
}

/** A week's custom rounds as played: a postseason round allows no more picks than its games. */
const limitedRounds = (row: ContestRow, week: number) => {
  const rounds = customRounds(row, week);
  return rounds && limitRounds(rounds, week);
};

/**
 * The contest as the API shows it. Its bet is the one in force in its current week (`agreed`: its
 * approved bet changes, in order); free when that is $0.
 */
export function toContest(
  row: ContestRow,
  now: SeasonWeek,
  standing: ContestStanding = EMPTY_STANDING,
  agreed: readonly AgreedBet[] = [],
  rematch: Contest["rematch"] = null,
): Contest {
  const currentWeek = contestWeek(row, now);
  const changed = agreed.some((change) => change.fromWeek <= currentWeek);
  const amount = potOf(row, agreed, currentWeek);
  const bet = changed
    ? { betAmount: amount, isFree: amount === 0 }
    : { betAmount: row.betAmount, isFree: row.isFree };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    player1Id: row.player1Id,
    player2Id: row.player2Id,
    player2Email: row.player2Email,
    ...bet,
    season: row.season,
    startWeek: row.startWeek,
    currentWeek,
    totalWeeks: row.totalWeeks,
    maxPicksPerPlayer: row.maxPicksPerPlayer,
    rounds: limitedRounds(row, currentWeek),
    ...rulesInWeek(row, currentWeek),
    postseason: row.totalWeeks === LAST_WEEK,
    postseasonMultipliers: [...(row.postseasonMultipliers ?? PLAIN_MULTIPLIERS)],
    winnerId: row.winnerId,
    createdAt: row.createdAt.toISOString(),
    predecessorId: row.predecessorId,
    rematch,
    standing,
  };
}

type Players = Pick<ContestRow, "player1Id" | "player2Id" | "player2Email">;
type Person = Pick<UserRow, "id" | "email">;

export function isPlayer(row: Players, user: Person): boolean {
  return row.player1Id === user.id || isInvitee(row, user);
}

/** Player 2: by account once linked, by e-mail while the invitation waits for an account. */
export function isInvitee(row: Players, user: Person): boolean {
  return row.player2Id
    ? row.player2Id === user.id
    : row.player2Email.toLowerCase() === user.email.toLowerCase();
}

/** The contest if the user may see it; to anyone else it does not exist (404, never 403). */
export async function visibleContest(
  db: Executor,
  user: UserRow,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ContestRow> {
  const row = await contestsRepo.findContest(db, id, options);
  if (!row || !(user.isAdmin || isPlayer(row, user))) throw notFound(NOT_FOUND);
  return row;
}

export async function listContests(ctx: AppContext, user: UserRow): Promise<Contest[]> {
  const [rows, now] = await Promise.all([visibleContestsData(ctx, user), currentSeasonWeek(ctx)]);
  return withStandings(ctx, rows, now);
}

export async function getContest(ctx: AppContext, user: UserRow, id: string): Promise<Contest> {
  const [[data], now] = await Promise.all([contestsData(ctx, [id]), currentSeasonWeek(ctx)]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const [contest] = await withStandings(ctx, [data], now);
  return contest!;
}

/**
 * Contests with their standings and bets, from their results data (tallies, approved bet changes,
 * accepted extra games) and the weeks' kickoffs.
 */
async function withStandings(
  ctx: AppContext,
  rows: ContestResultsData[],
  now: SeasonWeek,
): Promise<Contest[]> {
  const playing = rows.filter(({ contest }) => contest.status === "active" || contest.status === "completed");
  const clock =
    playing.length === 0
      ? null
      : await weekClockNow(
          ctx,
          now,
          playing.map(({ contest }) => contest.season),
        );
  const contests: Contest[] = [];
  // An admin's list is every contest (thousands, tens of ms): other requests go in between.
  const loop = new TimeSlices();
  for (const data of rows) {
    const { contest, agreed, tallies, locks, rematch } = data;
    await loop.pause();
    if (!clock) {
      contests.push(toContest(contest, now, EMPTY_STANDING, agreed, rematch));
      continue;
    }
    const outcomes = contestOutcomes(data, contestWeek(contest, now), clock);
    const row =
      contest.status === "active" && contestWeek(contest, now) === contest.totalWeeks
        ? await completeIfSettled(ctx.db, contest, outcomes)
        : contest;
    contests.push(toContest(row, now, standingOf(row, tallies, outcomes, locks), agreed, rematch));
  }
  return contests;
}

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * How a player creates a contest now (docs/rules.md, "Contests"): open to every player, with the
 * password an admin set, or not yet (neither).
 */
export async function contestCreation(ctx: AppContext): Promise<ContestCreation> {
  if ((await getConfigValue(ctx.db, CONTEST_CREATION)) === "open") return { mode: "open" };
  return { mode: (await getConfigValue(ctx.db, CONTEST_CREATION_PASSWORD)) ? "password" : "closed" };
}

async function checkCreationPassword(ctx: AppContext, given: string | undefined): Promise<void> {
  if ((await getConfigValue(ctx.db, CONTEST_CREATION)) === "open") return;
  const expected = await getConfigValue(ctx.db, CONTEST_CREATION_PASSWORD);
  if (!expected) {
    throw forbidden(
      "Contest creation is not open yet: an administrator must set the contest creation password.",
    );
  }
  if (!given) throw badRequest("Contest creation password is required");
  if (!samePassword(given, expected)) throw forbidden("The contest creation password is incorrect.");
}

/**
 * The season a new contest is for: the one asked for, else the current one. It must be the current
 * or the next season, and have weeks still to play (a contest never starts finished).
 */
async function playableSeason(ctx: AppContext, now: SeasonWeek, asked: number | undefined): Promise<number> {
  const season = asked ?? now.season;
  const next = nextSeasonOf(now.season, await cachedSeasonOpenings(ctx), ctx.clock.now()).season;
  if (season !== now.season && season !== next) {
    throw conflict(`A contest can be created for the ${now.season} or the ${next} season only.`);
  }
  if (!(await hasWeeksToPlay(ctx.db, ctx.clock.now(), now, season, readCache(ctx.database)))) {
    throw conflict(
      `The ${season} season has no weeks left to play: create the contest for the ${next} season.`,
    );
  }
  return season;
}

/**
 * The weeks a new contest runs (docs/rules.md, "Contests"): from the week asked for, never before the
 * first still open (`open`), through the last asked for (week 18 by default), at least one week.
 */
function contestWeeks(body: CreateContestBody, open: number): { startWeek: number; lastWeek: number } {
  const startWeek = body.firstWeek ?? open;
  const lastWeek = body.lastWeek ?? SEASON_WEEKS;
  if (startWeek < open) throw badRequest(`The first week can be week ${open} at the earliest.`, "firstWeek");
  if (body.postseason && lastWeek !== SEASON_WEEKS) throw badRequest(POSTSEASON_LAST_WEEK, "lastWeek");
  if (lastWeek < startWeek) throw badRequest("The last week cannot come before the first.", "lastWeek");
  return { startWeek, lastWeek: body.postseason ? LAST_WEEK : lastWeek };
}

export const POSTSEASON_LAST_WEEK = "A contest that plays the postseason runs through week 18.";

export async function createContest(
  ctx: AppContext,
  user: UserRow,
  body: CreateContestBody,
): Promise<Contest> {
  const player2Email = body.player2Email.toLowerCase();
  // A mistake in the form, told at its field before the password is looked at.
  if (player2Email === user.email.toLowerCase())
    throw badRequest("You cannot challenge yourself.", "player2Email");
  if (!user.isAdmin) await checkCreationPassword(ctx, body.contestCreationPassword);
  const now = await currentSeasonWeek(ctx);
  const season = await playableSeason(ctx, now, body.season);
  const { startWeek, lastWeek } = contestWeeks(body, await startWeekOf(ctx, now, season));
  const betAmount = body.defaultBetAmount;
  const row = await ctx.db.transaction(async (tx) => {
    const opponent = await findUserByEmail(tx, player2Email);
    const created = await contestsRepo.insertContest(
      tx,
      {
        name: body.name,
        description: body.description ?? "",
        player1Id: user.id,
        player2Id: opponent?.id ?? null,
        player2Email,
        betAmount,
        isFree: betAmount === 0,
        season,
        startWeek,
        totalWeeks: lastWeek,
        ...picksPerWeek(body),
        postseasonMultipliers: body.postseason ? (body.postseasonMultipliers ?? null) : null,
        rulePlans: rulePlansOf(
          {
            tiebreaker: body.tiebreaker ?? false,
            lockOfTheWeek: body.lockOfTheWeek ?? false,
            potRollover: body.potRollover ?? false,
          },
          startWeek,
        ),
        status: "pending",
      },
      ctx.clock.now(),
    );
    await recordActivity(tx, {
      actorId: user.id,
      action: "contest.created",
      contestId: created.id,
      subjectUserId: opponent?.id ?? null,
      details: { name: created.name, player2Email, betAmount },
    });
    // A player with an account gets it as their notification settings say; anyone else by e-mail.
    if (opponent) {
      await queueNotice(
        ctx,
        tx,
        challengeNotice(ctx, { to: player2Email, user: opponent, inviter: user, contest: created }),
      );
    } else {
      await queueInvitationEmail(ctx, tx, { to: player2Email, inviter: user, contest: created });
    }
    return created;
  });
  ctx.mailer.kick();
  return toContest(row, now);
}

/**
 * A new contest's picks: custom rounds from its first week on, its picks per player then the most
 * either player makes in a week; else one round of `maxPicksPerPlayer` each.
 */
function picksPerWeek(body: Pick<CreateContestBody, "rounds" | "maxPicksPerPlayer">) {
  if (!body.rounds)
    return { maxPicksPerPlayer: body.maxPicksPerPlayer ?? DEFAULT_MAX_PICKS, roundPlans: null };
  const totals = roundTotals(body.rounds);
  return {
    maxPicksPerPlayer: Math.max(totals.player1, totals.player2),
    roundPlans: [{ fromWeek: 1, rounds: body.rounds }],
  };
}

/** Accept or reject: only the invited player, only while the contest is pending. */
export async function respondToContest(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: RespondContestBody,
): Promise<Contest> {
  // Read before the transaction: on PGlite a read outside it would wait for it to end.
  const [season, openings] = await Promise.all([currentSeasonWeek(ctx), cachedSeasonOpenings(ctx)]);
  const row = await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, user, id, { forUpdate: true });
    if (!isInvitee(contest, user))
      throw forbidden("Only the invited player can accept or reject this contest.");
    if (contest.status !== "pending")
      throw conflict(`This contest is no longer pending: it is ${contest.status}.`);
    // Accepted after its season's last week, it would be completed at once: it is refused instead.
    if (body.status === "active" && !(await hasWeeksToPlay(tx, ctx.clock.now(), season, contest.season))) {
      const next = nextSeasonOf(season.season, openings, ctx.clock.now()).season;
      throw conflict(
        `The ${contest.season} season is over: this challenge can no longer be accepted. Decline it, and challenge each other again for the ${next} season.`,
      );
    }
    const updated = await contestsRepo.updateContest(tx, id, { status: body.status, player2Id: user.id });
    await recordActivity(tx, {
      actorId: user.id,
      action: body.status === "active" ? "contest.accepted" : "contest.rejected",
      contestId: id,
      subjectUserId: contest.player1Id,
      details: { name: contest.name },
    });
    const creator = await findUserById(tx, contest.player1Id);
    if (creator) {
      const accepted = body.status === "active";
      await queueNotice(
        ctx,
        tx,
        challengeAnsweredNotice(ctx, { to: creator, responder: user, contest, accepted }),
      );
    }
    return updated;
  });
  ctx.mailer.kick();
  const agreed = await agreedBetsByContest(ctx.db, [id]);
  return toContest(row, season, EMPTY_STANDING, agreed.get(id));
}

/** Admins archive a contest: it leaves every list, its data is kept. */
export async function archiveContest(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, admin, id, { forUpdate: true });
    await contestsRepo.updateContest(tx, id, { archivedAt: ctx.clock.now() });
    await recordActivity(tx, {
      actorId: admin.id,
      action: "contest.archived",
      contestId: id,
      details: { name: contest.name },
    });
  });
}
