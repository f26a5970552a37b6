import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DEFAULT_REMINDER_LEADS } from "@/contracts/notifications";
import { isOpen } from "@/domain/picks";
import { rulesInWeek } from "@/domain/contest-rules";
import { dueLeads, reminderNeeds, tiebreakNeeds, type ReminderNeed } from "@/domain/reminders";
import { firstPickerDeadline } from "@/domain/turn";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { contests, notificationSettings, reminders } from "../db/schema";
import { requestsFirst } from "../event-loop-slices";
import { listActiveContests } from "../repositories/contests.repository";
import * as picksRepo from "../repositories/picks.repository";
import { insertReminders } from "../repositories/reminders.repository";
import { findUsersByIds } from "../repositories/users.repository";
import { contestWeekState } from "./contest-data.service";
import { contestWeek } from "./contests.service";
import { listWeekRows } from "./games.service";
import { isOn, queueNotices } from "./queue-notices";
import { weekTurn } from "./contest-week.service";
import { cachedSeasonOpenings, currentSeasonWeek } from "./season.service";
import { reminderNotice } from "./reminder-notice";
import { unsubscribeLinks } from "./unsubscribe";
import { sweepSettledWeeks } from "./week-settled";

/** How often every instance looks for reminders coming due (REMINDER_INTERVAL_MS). */
export const REMINDER_INTERVAL_MS = 60_000;

/** Contests' weeks looked at between turns of the event loop; reminders claimed in one transaction. */
const STATES_BATCH = 500;
const CLAIM_BATCH = 50;

export interface PassResult {
  planned: number;
  sent: number;
  skipped: number;
}

/** A player to remind in a contest's week, with what the reminder says. */
interface Due extends Handed {
  contestId: string;
  week: number;
}

/** A need, and when a hand-over told the player it was their turn (on the app's clock), if it did. */
interface Handed extends ReminderNeed {
  toldAt: Date | null;
}

/**
 * When the opponent's picks handed the turn to `userId` before the hand-over deadline (their "your
 * turn" notice), on the app's clock: the opponent's last pick of the week, as long ago as the
 * database's clock says it was made (the app's clock may be fixed by APP_NOW). A pick on an extra
 * game hands nothing over (it stands outside the turns).
 */
function handedOverAt(state: picksRepo.PickingState, userId: string, now: Date): Date | null {
  const extra = new Set(state.extraGameIds);
  const made = state.held
    .filter((pick) => pick.userId !== userId && !extra.has(pick.gameId))
    .reduce((last, pick) => Math.max(last, pick.createdAt.getTime()), 0);
  return made ? new Date(now.getTime() - Math.max(0, Date.now() - made)) : null;
}

/**
 * What the week of an active contest asks of its players now (domain/reminders.ts): read afresh
 * from the database, with the week's games and the season's calendar from memory. Null when the
 * contest is not active any more, has no second player, or its week has no games.
 */
function needsOf(
  state: picksRepo.PickingState,
  week: number,
  context: { now: Date; openings: Awaited<ReturnType<typeof cachedSeasonOpenings>>; games: GameTimes },
): Handed[] {
  const { contest } = state;
  if (contest.status !== "active") return [];
  const { rounds, firstPickerId, players, base } = weekTurn(state, week);
  const opening = context.openings.find((candidate) => candidate.season === contest.season);
  if (!players || !firstPickerId || !opening) return [];
  const handOver = firstPickerDeadline(opening.firstKickoff, week);
  const { now } = context;
  const picks = reminderNeeds({
    rounds,
    players,
    firstPickerId,
    held: base,
    handOver,
    firstOpenKickoff: context.games.firstOpenKickoff(contest.season, week),
    now,
  }).map((need) => ({
    ...need,
    // Before the deadline a player on turn with the opponent's picks in was told by a hand-over.
    toldAt: now < handOver ? handedOverAt(state, need.userId, now) : null,
  }));
  if (!rulesInWeek(contest, week).tiebreaker) return picks;
  const guesses = tiebreakNeeds({
    rounds,
    players,
    held: base,
    guessedBy: state.guessedBy,
    lastKickoff: context.games.lastKickoff(contest.season, week),
    now,
  });
  return [...picks, ...guesses.map((need) => ({ ...need, toldAt: null }))];
}

/**
 * Of each season's week, read once per pass: the first kickoff still open to picks, and the last
 * game's kickoff (the tiebreaker's guesses lock at it).
 */
interface GameTimes {
  load(season: number, week: number): Promise<void>;
  firstOpenKickoff(season: number, week: number): Date | null;
  lastKickoff(season: number, week: number): Date | null;
}

function gameTimes(ctx: AppContext, now: Date): GameTimes {
  const known = new Map<string, { firstOpen: Date | null; last: Date | null }>();
  return {
    async load(season, week) {
      const key = `${season}|${week}`;
      if (known.has(key)) return;
      const games = await listWeekRows(ctx, season, week);
      // A game without a spread or a total cannot be picked: its kickoff is nobody's deadline.
      const open = games
        .filter((game) => isOpen(game, now) && (game.spread !== null || game.overUnder !== null))
        .map((game) => game.gameDate.getTime());
      known.set(key, {
        firstOpen: open.length ? new Date(Math.min(...open)) : null,
        // In schedule order: the last is the tiebreaker's game.
        last: games.at(-1)?.gameDate ?? null,
      });
    },
    firstOpenKickoff: (season, week) => known.get(`${season}|${week}`)?.firstOpen ?? null,
    lastKickoff: (season, week) => known.get(`${season}|${week}`)?.last ?? null,
  };
}

interface ReminderSettings {
  /** Lead times in minutes: their setting, else 24 and 2 hours. */
  leads: number[];
  /** Whether "your turn" notices reach them (e-mail or push on): a hand-over then tells them. */
  toldOfTurns: boolean;
}

/** Each player's reminder settings. */
async function reminderSettings(db: Executor, userIds: string[]): Promise<Map<string, ReminderSettings>> {
  const rows = userIds.length
    ? await db
        .select({
          userId: notificationSettings.userId,
          leads: notificationSettings.reminderLeadMinutes,
          email: notificationSettings.email,
          push: notificationSettings.push,
        })
        .from(notificationSettings)
        .where(inArray(notificationSettings.userId, userIds))
    : [];
  const saved = new Map(rows.map((row) => [row.userId, row]));
  return new Map(
    userIds.map((id) => {
      const row = saved.get(id);
      return [
        id,
        {
          leads: row?.leads ?? [...DEFAULT_REMINDER_LEADS],
          toldOfTurns: !row || isOn(row.email, "your-turn", "email") || isOn(row.push, "your-turn", "push"),
        },
      ];
    }),
  );
}

/**
 * Plans the reminders due now: for every player an active contest's current week waits on, the
 * shortest of their lead times whose time has come (deadline − lead) while the deadline has not,
 * as a `planned` row; longer ones passed at the same time are written `skipped` (one reminder, not
 * a burst). The unique key (player, contest, week, lead) makes each at most once, whatever the
 * number of instances and passes.
 */
async function plan(ctx: AppContext, now: Date): Promise<number> {
  const [season, openings] = await Promise.all([currentSeasonWeek(ctx), cachedSeasonOpenings(ctx)]);
  const active = await listActiveContests(ctx.db);
  const games = gameTimes(ctx, now);
  const due: Due[] = [];
  for (let at = 0; at < active.length; at += STATES_BATCH) {
    const keys = active.slice(at, at + STATES_BATCH).map((contest) => ({
      contestId: contest.id,
      week: contestWeek(contest, season),
      season: contest.season,
    }));
    for (const key of keys) await games.load(key.season, key.week);
    // From memory, where the pages keep each contest's current week (decision 015); what is missing
    // is read in batches (contest-data.service). Not read from the database each minute: thousands
    // of contests' weeks would hold it every minute (decision 034).
    const states = await Promise.all(keys.map((key) => contestWeekState(ctx, key.contestId, key.week)));
    for (const [at, key] of keys.entries()) {
      const state = states[at];
      if (!state) continue;
      for (const need of needsOf(state, key.week, { now, openings, games })) {
        due.push({ ...need, contestId: key.contestId, week: key.week });
      }
    }
    await requestsFirst();
  }
  if (due.length === 0) return 0;
  const settings = await reminderSettings(ctx.db, [...new Set(due.map((item) => item.userId))]);
  const rows = due.flatMap((item) => {
    const player = settings.get(item.userId);
    const toldAt = player?.toldOfTurns ? item.toldAt : null;
    const { send, superseded } = dueLeads(player?.leads ?? [], item.deadline, now, toldAt);
    const row = (leadMinutes: number, status: "planned" | "skipped") => ({
      userId: item.userId,
      contestId: item.contestId,
      week: item.week,
      about: item.about ?? "picks",
      leadMinutes,
      dueAt: new Date(item.deadline.getTime() - leadMinutes * 60_000),
      deadlineAt: item.deadline,
      status,
    });
    return [
      ...(send === null ? [] : [row(send, "planned")]),
      ...superseded.map((lead) => row(lead, "skipped")),
    ];
  });
  const inserted = await insertReminders(ctx.db, rows);
  return inserted.filter((row) => row.status === "planned").length;
}

/**
 * Sends the planned reminders that are due, claimed `FOR UPDATE SKIP LOCKED` (another instance's
 * pass takes the others). Each is checked again on the contest's week read afresh: a player who has
 * picked meanwhile, a week whose games have kicked off, a contest no longer active gets nothing
 * (`skipped`). A sent one writes its outbox rows (e-mail with its unsubscribe headers, push to each
 * device, as the player's settings say) in the transaction that marks it sent.
 */
async function send(ctx: AppContext, now: Date): Promise<Omit<PassResult, "planned">> {
  const result = { sent: 0, skipped: 0 };
  const [season, openings, links] = await Promise.all([
    currentSeasonWeek(ctx),
    cachedSeasonOpenings(ctx),
    unsubscribeLinks(ctx),
  ]);
  const games = gameTimes(ctx, now);
  // The weeks' games are read before the claim's transaction (on PGlite a read beside an open
  // transaction would wait for it): the weeks of the reminders due, with their contests' seasons.
  const weeks = await ctx.db
    .selectDistinct({ season: contests.season, week: reminders.week })
    .from(reminders)
    .innerJoin(contests, eq(contests.id, reminders.contestId))
    .where(and(eq(reminders.status, "planned"), lte(reminders.dueAt, now)));
  for (const { season: year, week } of weeks) await games.load(year, week);
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(reminders)
        .where(and(eq(reminders.status, "planned"), lte(reminders.dueAt, now)))
        .orderBy(asc(reminders.dueAt))
        .limit(CLAIM_BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return 0;
      // The batch in a few statements, not a handful per reminder: a burst (every player's reminder
      // before Thursday's kickoff) would hold PGlite's one connection, requests waiting (decision 035).
      const [states, players] = await Promise.all([
        picksRepo.pickingStates(
          tx,
          rows.map((reminder) => ({ contestId: reminder.contestId, week: reminder.week })),
        ),
        findUsersByIds(
          tx,
          rows.map((reminder) => reminder.userId),
        ),
      ]);
      const playerOf = new Map(players.map((player) => [player.id, player]));
      const skipped: string[] = [];
      const sent: { id: string; deadline: Date }[] = [];
      const notices = [];
      for (const reminder of rows) {
        const state = states.get(picksRepo.weekKey(reminder.contestId, reminder.week));
        const current = state && contestWeek(state.contest, season) === reminder.week;
        const need =
          state && current
            ? needsOf(state, reminder.week, { now, openings, games }).find(
                (candidate) =>
                  candidate.userId === reminder.userId && (candidate.about ?? "picks") === reminder.about,
              )
            : undefined;
        const player = playerOf.get(reminder.userId);
        if (!state || !need || !player) {
          skipped.push(reminder.id);
          continue;
        }
        const stop = links(reminder.userId, "reminder");
        notices.push(reminderNotice(ctx, { state, need, player, week: reminder.week, now, stop }));
        sent.push({ id: reminder.id, deadline: need.deadline });
      }
      await queueNotices(ctx, tx, notices);
      if (skipped.length > 0) {
        await tx.update(reminders).set({ status: "skipped" }).where(inArray(reminders.id, skipped));
      }
      // One statement per deadline (a week's reminders mostly share one).
      const byDeadline = new Map<number, { id: string }[]>();
      for (const item of sent) {
        const at = item.deadline.getTime();
        const items = byDeadline.get(at);
        if (items) items.push(item);
        else byDeadline.set(at, [item]);
      }
      for (const [deadline, items] of byDeadline) {
        await tx
          .update(reminders)
          .set({ status: "sent", sentAt: now, deadlineAt: new Date(deadline) })
          .where(
            inArray(
              reminders.id,
              items.map((item) => item.id),
            ),
          );
      }
      result.sent += sent.length;
      result.skipped += skipped.length;
      return rows.length;
    });
    if (claimed < CLAIM_BATCH) break;
    await requestsFirst();
  }
  if (result.sent > 0) ctx.mailer.kick();
  return result;
}

/**
 * Reminders before pick deadlines, in every instance: a pass plans what has come due and sends it
 * (`plan`, `send`), on an interval and at start; it also tells of weeks settled with no grading to
 * tell of it (`sweepSettledWeeks`). One pass at a time per instance; passes of several
 * instances share the work through the claim. It reads the app's clock, so a replay (APP_NOW) sees
 * reminders fire too.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<PassResult> = Promise.resolve({ planned: 0, sent: 0, skipped: 0 });
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
  ) {}

  start(): void {
    const interval = this.options.intervalMs ?? REMINDER_INTERVAL_MS;
    if (interval <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.run().catch(() => undefined), interval);
    this.timer.unref();
    void this.run().catch(() => undefined);
  }

  /**
   * One pass: plans and sends what is due now. Tests call it after moving the clock (`sweepNow`:
   * the settled weeks' sweep runs whenever it last did).
   */
  run(options: { sweepNow?: boolean } = {}): Promise<PassResult> {
    const pass = this.chain.then(async () => {
      if (this.stopped) return { planned: 0, sent: 0, skipped: 0 };
      const now = this.ctx.clock.now();
      try {
        const planned = await plan(this.ctx, now);
        const result = { planned, ...(await send(this.ctx, now)) };
        this.ctx.metrics?.remindersPassed(result);
        // Weeks settled with no grading to tell of it (week-settled.ts), every ten minutes.
        const season = await currentSeasonWeek(this.ctx);
        const swept = await sweepSettledWeeks(this.ctx, season, { now: options.sweepNow });
        if (swept > 0) this.ctx.mailer.kick();
        return result;
      } catch (error) {
        this.options.log?.error({ err: error }, "reminder pass failed");
        throw error;
      }
    });
    this.chain = pass.catch(() => ({ planned: 0, sent: 0, skipped: 0 }));
    return pass;
  }

  /** Stops the interval and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }
}
