// A completed contest's rematch (docs/rules.md, "Rematch"): the same two players, stake, rules and
// rounds for a later season, proposed by either player and answered as any challenge is.
import { rulePlansOf, rulesInWeek } from "@/domain/contest-rules";
import { customRounds } from "@/domain/rounds";
import { nextSeasonOf, type SeasonWeek } from "@/domain/season";
import { automaticFirstPicker, firstPickerFor } from "@/domain/turn";
import { isDeletedEmail } from "@/contracts/account-data";
import type { Contest } from "@/contracts/contests";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { readCache } from "../db/read-cache";
import { conflict, forbidden } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as contestsRepo from "../repositories/contests.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { listAssignments, saveAssignment } from "../repositories/first-picker.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { isUniqueViolation } from "./games.service";
import { toContest, visibleContest } from "./contests.service";
import { rematchNotice } from "./notice-texts";
import { queueNotice } from "./queue-notices";
import { agreedBetsByContest, potOf } from "./results.service";
import { cachedSeasonOpenings, currentSeasonWeek, hasWeeksToPlay, startWeekOf } from "./season.service";

export const ONLY_PLAYERS = "Only the contest's two players can propose a rematch.";
export const ONLY_COMPLETED = "Only a completed contest can be rematched.";
export const ALREADY_PROPOSED = "A rematch of this contest was already proposed.";
export const OPPONENT_LEFT = "Your opponent has deleted their account: a rematch cannot be proposed.";

/** Where a rematch is played: a season, and its first week. */
interface RematchWeeks {
  season: number;
  startWeek: number;
}

/**
 * The season and first week of a rematch of `old` proposed now: the season after the old one, or
 * the one a new contest is created for now when that is later (the current one while it has weeks
 * to play, else the next); from the old first week, never before that season's first open week.
 * Should the old last week be past in that season, the season after it.
 */
async function rematchWeeks(
  ctx: AppContext,
  now: SeasonWeek,
  old: Pick<ContestRow, "season" | "startWeek" | "totalWeeks">,
): Promise<RematchWeeks> {
  const clock = ctx.clock.now();
  const openings = await cachedSeasonOpenings(ctx);
  const next = nextSeasonOf(now.season, openings, clock).season;
  const playable = (await hasWeeksToPlay(ctx.db, clock, now, now.season, readCache(ctx.database)))
    ? now.season
    : next;
  const season = Math.max(old.season + 1, playable);
  const startWeek = Math.max(old.startWeek, await startWeekOf(ctx, now, season));
  if (startWeek <= old.totalWeeks) return { season, startWeek };
  const later = Math.max(season + 1, next);
  return { season: later, startWeek: Math.max(old.startWeek, await startWeekOf(ctx, now, later)) };
}

/** Who picked first in a contest's first week: its saved first picker, else the one by turns. */
async function firstPickerOf(tx: Executor, contest: ContestRow, player2Id: string): Promise<string> {
  const players = { player1Id: contest.player1Id, player2Id };
  const saved = (await listAssignments(tx, contest.id)).find((row) => row.week === contest.startWeek);
  return firstPickerFor(players, contest.startWeek, saved?.firstPickerId);
}

/** The old contest, locked, if this user may propose its rematch; else the refusal. */
async function rematchable(tx: Executor, user: UserRow, id: string): Promise<ContestRow> {
  const old = await visibleContest(tx, user, id, { forUpdate: true });
  if (old.player1Id !== user.id && old.player2Id !== user.id) throw forbidden(ONLY_PLAYERS);
  if (old.status !== "completed") throw conflict(ONLY_COMPLETED);
  if (await contestsRepo.findOpenRematch(tx, old.id)) throw conflict(ALREADY_PROPOSED);
  return old;
}

/**
 * POST /api/contests/{id}/rematch: one of a completed contest's two players proposes the next
 * season's contest against the other, pending their answer. It carries the stake, rules and rounds
 * of the old contest's last week and its weeks; the player who did not pick first in the old first
 * week picks first in the new one (saved as that week's first picker where turns would not give it).
 */
export async function proposeRematch(ctx: AppContext, user: UserRow, id: string): Promise<Contest> {
  // Read before the transaction: on PGlite a read outside it would wait for it to end.
  const now = await currentSeasonWeek(ctx);
  const peek = await visibleContest(ctx.db, user, id);
  const weeks = await rematchWeeks(ctx, now, peek);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const old = await rematchable(tx, user, id);
      const opponentId = old.player1Id === user.id ? old.player2Id! : old.player1Id;
      const opponent = await findUserById(tx, opponentId);
      if (!opponent || isDeletedEmail(opponent.email)) throw conflict(OPPONENT_LEFT);
      const agreed = (await agreedBetsByContest(tx, [old.id])).get(old.id) ?? [];
      const betAmount = potOf(old, agreed, old.totalWeeks);
      const rounds = customRounds(old, old.totalWeeks);
      const { season, startWeek } = weeks;
      const created = await contestsRepo.insertContest(
        tx,
        {
          name: old.name,
          description: old.description,
          player1Id: user.id,
          player2Id: opponent.id,
          player2Email: opponent.email.toLowerCase(),
          betAmount,
          isFree: betAmount === 0,
          season,
          startWeek,
          totalWeeks: old.totalWeeks,
          maxPicksPerPlayer: old.maxPicksPerPlayer,
          roundPlans: rounds ? [{ fromWeek: startWeek, rounds }] : null,
          rulePlans: rulePlansOf(rulesInWeek(old, old.totalWeeks), startWeek),
          postseasonMultipliers: old.postseasonMultipliers,
          predecessorId: old.id,
          status: "pending",
        },
        ctx.clock.now(),
      );
      const oldFirst = await firstPickerOf(tx, old, old.player2Id!);
      const first = oldFirst === user.id ? opponent.id : user.id;
      if (first !== automaticFirstPicker({ player1Id: user.id, player2Id: opponent.id }, startWeek)) {
        await saveAssignment(tx, {
          contestId: created.id,
          week: startWeek,
          firstPickerId: first,
          updatedBy: user.id,
        });
      }
      await recordActivity(tx, {
        actorId: user.id,
        action: "contest.rematch",
        contestId: created.id,
        subjectUserId: opponent.id,
        details: { name: created.name, predecessorId: old.id, season, betAmount },
      });
      await queueNotice(
        ctx,
        tx,
        rematchNotice(ctx, {
          to: opponent,
          proposer: user,
          contest: created,
          picksFirst: first === opponent.id,
        }),
      );
      return created;
    });
    ctx.mailer.kick();
    return toContest(row, now);
  } catch (error) {
    // Two proposals at once: the second meets the first's row in the index.
    if (isUniqueViolation(error, "contests_one_rematch_key")) throw conflict(ALREADY_PROPOSED);
    throw error;
  }
}
