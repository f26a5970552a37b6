// The week's recap (docs/rules.md, "Week recap"): made for both players when a week is told
// settled, in the same transaction (week-settled.ts `announceWeeks`), stored once, told by e-mail
// and push as the "week-recap" notice, and shown on the Dashboard until the contest's next week is.
import { weekRecap as recapOf, type RecapPickInput } from "@/domain/recap";
import { runningTotal, type WeekOutcome } from "@/domain/weekly";
import { weekRecap, type WeekRecap } from "@/contracts/recaps";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import type { ContestRow } from "../repositories/contests.repository";
import { insertRecaps, latestRecapsOf, picksOfWeeks, type RecapRow } from "../repositories/recaps.repository";
import type { UserRow } from "../repositories/users.repository";
import { weekRecapNotice } from "./recap-notice";
import type { Notice } from "./queue-notices";

/** A week told settled now: its contest, and the contest's weeks through it. */
export interface SettledWeek {
  contest: ContestRow;
  player2Id: string;
  week: number;
  outcome: WeekOutcome;
  outcomes: readonly WeekOutcome[];
}

const nameOf = (user: UserRow | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || "Your opponent" : "Your opponent";

type PickRow = Awaited<ReturnType<typeof picksOfWeeks>>[number];
const numberOf = (value: string | null) => (value === null ? null : Number(value));

/** One player's recap of a settled week, from their side. */
export function recapFor(
  week: SettledWeek,
  side: "player1" | "player2",
  picks: readonly PickRow[],
  opponentName: string,
): WeekRecap {
  const youId = side === "player1" ? week.contest.player1Id : week.player2Id;
  const other = side === "player1" ? "player2" : "player1";
  const { outcome } = week;
  const through = week.outcomes.filter((one) => one.isSettled && one.week <= week.week);
  const count = (winner: WeekOutcome["weekWinner"]) =>
    through.filter((one) => one.weekWinner === winner).length;
  const input: RecapPickInput[] = picks.map((pick) => ({
    whose: pick.userId === youId ? "you" : "opponent",
    market: pick.market,
    side: pick.side,
    lineSpread: numberOf(pick.lineSpread),
    lineFavorite: pick.lineFavorite,
    lineTotal: numberOf(pick.lineTotal),
    result: pick.result,
    isLock: pick.isLock,
    homeTeam: pick.homeTeam,
    awayTeam: pick.awayTeam,
    homeScore: pick.homeScore,
    awayScore: pick.awayScore,
  }));
  const recap = recapOf({
    week: week.week,
    opponentName,
    winner: outcome.weekWinner === side ? "you" : outcome.weekWinner === other ? "opponent" : "tie",
    yourWins: side === "player1" ? outcome.player1Wins : outcome.player2Wins,
    opponentWins: side === "player1" ? outcome.player2Wins : outcome.player1Wins,
    pot: outcome.potAmount,
    rolledIn: outcome.rolledIn ?? 0,
    rollsOver: outcome.rollsOver === true,
    onTiebreaker: outcome.tiebreakWinner !== undefined,
    picks: input,
    standing: {
      weeksWon: count(side),
      weeksLost: count(other),
      weeksPushed: count("tie"),
      money: runningTotal(through, side),
    },
  });
  return {
    contestId: week.contest.id,
    contestName: week.contest.name,
    season: week.contest.season,
    ...recap,
  };
}

/**
 * The recaps of these weeks, for both players, written in the transaction that tells them
 * settled, and their notices (queued by the caller with the settled-week ones). One statement reads
 * every week's picks; one writes the recaps.
 */
export async function recapSettledWeeks(
  ctx: AppContext,
  tx: Executor,
  weeks: readonly SettledWeek[],
  players: ReadonlyMap<string, UserRow>,
): Promise<Notice[]> {
  if (weeks.length === 0) return [];
  const rows = await picksOfWeeks(
    tx,
    weeks.map(({ contest, week }) => ({ contestId: contest.id, week })),
  );
  const byWeek = new Map<string, PickRow[]>();
  for (const row of rows) {
    const key = `${row.contestId}:${row.week}`;
    const list = byWeek.get(key) ?? [];
    list.push(row);
    byWeek.set(key, list);
  }
  const recaps: RecapRow[] = [];
  const notices: Notice[] = [];
  for (const week of weeks) {
    const picks = byWeek.get(`${week.contest.id}:${week.week}`) ?? [];
    const sides = [
      ["player1", week.contest.player1Id, week.player2Id],
      ["player2", week.player2Id, week.contest.player1Id],
    ] as const;
    for (const [side, userId, opponentId] of sides) {
      const user = players.get(userId);
      if (!user) continue;
      let recap: WeekRecap;
      try {
        recap = recapFor(week, side, picks, nameOf(players.get(opponentId)));
      } catch {
        // A week the recap cannot be made of (a pick without its line) is still told settled.
        continue;
      }
      recaps.push({ contestId: week.contest.id, week: week.week, userId, body: recap });
      notices.push(weekRecapNotice(ctx, { to: user, recap }));
    }
  }
  await insertRecaps(tx, recaps);
  return notices;
}

/** GET /api/recaps: the viewer's latest recap of each active contest they play (docs/rules.md, "Week recap"). */
export async function listRecaps(ctx: AppContext, user: UserRow): Promise<WeekRecap[]> {
  const rows = await latestRecapsOf(ctx.db, user.id);
  // A recap kept under an older shape than the contract's is left out, not an error.
  return rows
    .flatMap((row) => {
      const parsed = weekRecap.safeParse(row.body);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.season - a.season || b.week - a.week || a.contestName.localeCompare(b.contestName));
}
