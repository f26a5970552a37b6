import { replanRulesFrom, rulesInWeek, type WeekRules } from "@/domain/contest-rules";
import { basePicksUsed } from "@/domain/picks";
import { LAST_WEEK, PLAIN_MULTIPLIERS, REGULAR_WEEKS } from "@/domain/postseason";
import { customRounds, replanFrom, sameRounds, type Round } from "@/domain/rounds";
import type { SeasonWeek } from "@/domain/season";
import { BET_STEP } from "@/contracts/bets";
import type { Contest, EditContestBody } from "@/contracts/contests";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { badRequest, conflict } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as contestsRepo from "../repositories/contests.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { listHeldPicks } from "../repositories/picks.repository";
import { acceptedGamesOfWeek } from "../repositories/proposals.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { recordAdminBet } from "./bets.service";
import { contestWeek, getContest, visibleContest } from "./contests.service";
import { agreedBetsByContest, loadWeekClock, potOf, weekClosed } from "./results.service";
import { currentSeasonWeek } from "./season.service";

/** A change of one setting, as the activity log keeps it. */
interface Change<T> {
  from: T;
  to: T;
}

export interface ContestChanges {
  name?: Change<string>;
  description?: Change<string>;
  maxPicksPerPlayer?: Change<number>;
  /** Custom rounds (null: one round of the picks per player), from a week on. */
  rounds?: Change<Round[] | null> & { fromWeek: number };
  /** Weekly amounts in whole dollars ($0: free), from a week on. */
  bet?: Change<number> & { fromWeek: number | null };
  /** The weekly tiebreaker on or off, from a week on. */
  tiebreaker?: OptionChange;
  /** The lock of the week on or off, from a week on. */
  lockOfTheWeek?: OptionChange;
  /** The pot's rollover on or off, from a week on. */
  potRollover?: OptionChange;
  /** The postseason on or off (the last week 22 or 18). */
  postseason?: Change<boolean>;
  /** The postseason rounds' multipliers, Wild Card first. */
  postseasonMultipliers?: Change<number[]>;
}

type OptionChange = Change<boolean> & { fromWeek: number };

/** The options of play an edit may change, and how a refusal names each. */
const OPTIONS = [
  ["tiebreaker", "tiebreaker"],
  ["lockOfTheWeek", "lock of the week"],
  ["potRollover", "pot rollover"],
] as const satisfies readonly (readonly [keyof WeekRules, string])[];

/** The amount an edit asks for: free, or $0, is free. */
export const editedBet = (body: Pick<EditContestBody, "isFree" | "betAmount">) =>
  body.isFree ? 0 : body.betAmount;

/**
 * What an edit changes, setting by setting; nothing for a setting sent as it is. `bet` is the amount
 * in force in `week`, the week a new bet starts from.
 */
export function contestChanges(
  contest: ContestRow,
  body: EditContestBody,
  bet: { amount: number; week: number },
): ContestChanges {
  const changes: ContestChanges = {};
  const description = body.description ?? "";
  if (body.name !== contest.name) changes.name = { from: contest.name, to: body.name };
  if (description !== contest.description) {
    changes.description = { from: contest.description, to: description };
  }
  if (body.maxPicksPerPlayer !== contest.maxPicksPerPlayer) {
    changes.maxPicksPerPlayer = { from: contest.maxPicksPerPlayer, to: body.maxPicksPerPlayer };
  }
  const amount = editedBet(body);
  if (amount !== bet.amount) changes.bet = { from: bet.amount, to: amount, fromWeek: bet.week };
  const rounds = customRounds(contest, bet.week);
  if (body.rounds !== undefined && !sameRounds(rounds, body.rounds)) {
    changes.rounds = { from: rounds, to: body.rounds, fromWeek: bet.week };
  }
  const rules = rulesInWeek(contest, bet.week);
  for (const [option] of OPTIONS) {
    const to = body[option];
    if (to !== undefined && to !== rules[option])
      changes[option] = { from: rules[option], to, fromWeek: bet.week };
  }
  const postseason = contest.totalWeeks === LAST_WEEK;
  if (body.postseason !== undefined && body.postseason !== postseason) {
    changes.postseason = { from: postseason, to: body.postseason };
  }
  const multipliers = [...(contest.postseasonMultipliers ?? PLAIN_MULTIPLIERS)];
  const newMultipliers = body.postseasonMultipliers;
  if (newMultipliers && newMultipliers.some((multiplier, index) => multiplier !== multipliers[index])) {
    changes.postseasonMultipliers = { from: multipliers, to: newMultipliers };
  }
  return changes;
}

/**
 * The postseason and its multipliers change until week 18 ends, for a contest that runs through
 * week 18 (409 otherwise): on, the contest's last week becomes 22; off, 18 again.
 */
async function applyPostseason(
  tx: Executor,
  input: { contest: ContestRow; changes: ContestChanges; season: SeasonWeek; now: Date },
): Promise<void> {
  const { contest, changes } = input;
  if (contest.status === "completed" || contest.status === "rejected") {
    throw conflict(`This contest is ${contest.status}: its postseason can no longer change.`);
  }
  if (contest.totalWeeks !== REGULAR_WEEKS && contest.totalWeeks !== LAST_WEEK) {
    throw conflict("Only a contest that runs through week 18 can play the postseason.");
  }
  const clock = await loadWeekClock(tx, input.now, input.season, [contest.season]);
  if (weekClosed(clock, contest.season, REGULAR_WEEKS)) {
    throw conflict("Week 18 is over: the postseason can no longer change.");
  }
  const on = changes.postseason ? changes.postseason.to : contest.totalWeeks === LAST_WEEK;
  await contestsRepo.updateContest(tx, contest.id, {
    totalWeeks: on ? LAST_WEEK : REGULAR_WEEKS,
    postseasonMultipliers: on ? (changes.postseasonMultipliers?.to ?? contest.postseasonMultipliers) : null,
  });
}

/**
 * Picks per week cannot drop below the picks a player already holds in the week under way (a pick
 * on an accepted extra game is that game's own and does not count).
 */
async function checkAllowance(tx: Executor, contest: ContestRow, week: number, allowance: number) {
  const held = await listHeldPicks(tx, contest.id, week);
  if (held.length === 0) return;
  const extraIds = new Set((await acceptedGamesOfWeek(tx, contest.id, week)).map((game) => game.id));
  let most = 0;
  let holder: string | null = null;
  for (const userId of new Set(held.map((pick) => pick.userId))) {
    const used = basePicksUsed(
      held.filter((pick) => pick.userId === userId),
      extraIds,
    );
    if (used > most) [most, holder] = [used, userId];
  }
  if (!holder || most <= allowance) return;
  const player = await findUserById(tx, holder);
  const who = player ? `${player.firstName} ${player.lastName}`.trim() : "A player";
  throw conflict(
    `Picks per player cannot go below ${most} this week: ${who} already made ${most} picks in week ${week}.`,
  );
}

/**
 * The week new rounds (or options of play) start from: the contest's week under way unless a pick
 * has been made in it, else the next one (409 once the last week has picks). A pending contest's
 * from its first week.
 */
async function changeFromWeek(
  tx: Executor,
  contest: ContestRow,
  week: number,
  what: string,
): Promise<number> {
  if (contest.status === "pending") return 1;
  if ((await listHeldPicks(tx, contest.id, week)).length === 0) return week;
  if (week >= contest.totalWeeks)
    throw conflict(`Picks have been made in week ${week}, the last week: the ${what} can no longer change.`);
  return week + 1;
}

/**
 * A new bet. A pending contest has played no week: its own amount is replaced (and, should an
 * earlier admin setting override it, set again from its first week). An active contest's bet
 * changes from the week under way on, as an admin's bet setting: the weeks before keep their pots.
 */
async function applyBet(
  tx: Executor,
  input: { admin: UserRow; contest: ContestRow; amount: number; week: number; now: Date },
): Promise<void> {
  const { admin, contest, amount, now } = input;
  if (contest.status === "active") {
    await recordAdminBet(tx, { admin, contest, fromWeek: input.week, amount, now });
    return;
  }
  const updated = await contestsRepo.updateContest(tx, contest.id, {
    betAmount: amount,
    isFree: amount === 0,
  });
  await recordAdminBet(tx, { admin, contest: updated, fromWeek: contest.startWeek, amount, now });
}

/**
 * An admin edits a contest: name, description, picks per week, bet. Archived contests are gone
 * (404). Picks per week and the bet change only while the contest is pending or active (409 once
 * completed or rejected); picks per week never drops below what a player holds in the current week;
 * a new bet is a multiple of $5 (400).
 * Records what changed; an edit that changes nothing records nothing.
 */
export async function editContest(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  body: EditContestBody,
): Promise<Contest> {
  const season = await currentSeasonWeek(ctx);
  await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, admin, id, { forUpdate: true });
    const week = contestWeek(contest, season);
    const agreed = (await agreedBetsByContest(tx, [contest.id])).get(contest.id) ?? [];
    const changes = contestChanges(contest, body, { amount: potOf(contest, agreed, week), week });
    if (Object.keys(changes).length === 0) return;

    // A new bet moves in steps of $5, like every bet change; the amount a contest was created with stays.
    if (changes.bet && changes.bet.to % BET_STEP !== 0) {
      throw badRequest(`Bet amount must be 0 or greater, in steps of $${BET_STEP}`);
    }
    const settled = contest.status === "completed" || contest.status === "rejected";
    if (settled && (changes.maxPicksPerPlayer || changes.bet)) {
      throw conflict(`This contest is ${contest.status}: its picks per week and bet can no longer change.`);
    }
    if (settled && changes.rounds) {
      throw conflict(`This contest is ${contest.status}: its rounds can no longer change.`);
    }
    const options = OPTIONS.filter(([option]) => changes[option]);
    if (settled && options.length > 0) {
      throw conflict(`This contest is ${contest.status}: its ${options[0]![1]} can no longer change.`);
    }
    // Custom rounds set the picks of their weeks: picks per player are changed with them.
    if (changes.maxPicksPerPlayer && (changes.rounds ? changes.rounds.to : customRounds(contest, week))) {
      throw conflict("This contest plays custom rounds: change the picks of its rounds instead.");
    }
    if (changes.maxPicksPerPlayer && contest.status === "active") {
      await checkAllowance(tx, contest, week, changes.maxPicksPerPlayer.to);
    }
    if (changes.rounds) {
      changes.rounds.fromWeek = await changeFromWeek(tx, contest, week, "rounds");
      await contestsRepo.updateContest(tx, contest.id, {
        roundPlans: replanFrom(contest.roundPlans, changes.rounds.fromWeek, changes.rounds.to),
      });
    }

    if (options.length > 0) {
      // Every option changed applies from the same week: the first without picks.
      const fromWeek = await changeFromWeek(tx, contest, week, options[0]![1]);
      const change: Partial<WeekRules> = {};
      for (const [option] of options) {
        changes[option]!.fromWeek = fromWeek;
        change[option] = changes[option]!.to;
      }
      await contestsRepo.updateContest(tx, contest.id, {
        rulePlans: replanRulesFrom(contest, fromWeek, change),
      });
    }

    if (changes.postseason || changes.postseasonMultipliers) {
      await applyPostseason(tx, { contest, changes, season, now: ctx.clock.now() });
    }

    await contestsRepo.updateContest(tx, contest.id, {
      name: body.name,
      description: body.description ?? "",
      maxPicksPerPlayer: body.maxPicksPerPlayer,
    });
    if (changes.bet) {
      // A pending contest's bet is its bet for every week: no week to start from.
      if (contest.status !== "active") changes.bet.fromWeek = null;
      await applyBet(tx, { admin, contest, amount: changes.bet.to, week, now: ctx.clock.now() });
    }
    await recordActivity(tx, {
      actorId: admin.id,
      action: "contest.edited",
      contestId: contest.id,
      details: { name: body.name, changes },
    });
  });
  return getContest(ctx, admin, id);
}
