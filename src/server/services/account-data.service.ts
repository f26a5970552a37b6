// A player's own data as they download it: made of the answers the screens read (contests with
// their standings, weekly results, bet changes, proposals, trash talk, the list of people), never a
// read of its own.
import { stringify } from "csv-stringify/sync";
import type { Contest } from "@/contracts/contests";
import type { BetChange } from "@/contracts/bets";
import type { Proposal } from "@/contracts/proposals";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick, WeeklyResult } from "@/contracts/picks";
import {
  PICKS_CSV_COLUMNS,
  type AccountExport,
  type ExportedContest,
  type ExportedPick,
} from "@/contracts/account-data";
import { pickSideLabel } from "@/domain/calendar";
import { runningTotal } from "@/domain/weekly";
import type { AppContext } from "../context";
import type { UserRow } from "../repositories/users.repository";
import { toUser } from "./auth.service";
import { listContestBetChanges } from "./bets.service";
import { visibleContestsData } from "./contest-data.service";
import { getContest, isPlayer } from "./contests.service";
import { listThread } from "./messages.service";
import { listProposals } from "./proposals.service";
import { listUsers } from "./users.service";
import { weeklyResultsJson } from "./weekly-results-json";

type Seat = "player1" | "player2";
const otherSeat = (seat: Seat): Seat => (seat === "player1" ? "player2" : "player1");

/** A contest of the player's as its screens show it, with the opponent's name and the player's seat. */
export interface PlayerContest {
  contest: Contest;
  seat: Seat;
  opponent: string;
}

/**
 * The contests the player plays or is invited to (an admin's own only, not everyone's), as the
 * contest screens show them, newest first; the opponent named as the list of people names them,
 * or by the address invited while they have no account.
 */
export async function playerContests(ctx: AppContext, user: UserRow): Promise<PlayerContest[]> {
  const [visible, people] = await Promise.all([visibleContestsData(ctx, user), listUsers(ctx, user)]);
  const names = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
  const own = visible.filter(({ contest }) => isPlayer(contest, user));
  const contests = await Promise.all(own.map(({ contest }) => getContest(ctx, user, contest.id)));
  return contests.map((contest) => {
    const seat: Seat = contest.player1Id === user.id ? "player1" : "player2";
    const opponentId = seat === "player1" ? contest.player2Id : contest.player1Id;
    const opponent = opponentId ? (names.get(opponentId) ?? "Unknown") : contest.player2Email;
    return { contest, seat, opponent };
  });
}

const dollars = (amount: number) => `$${Math.abs(amount).toLocaleString("en-US")}`;

/** A winner from the player's seat. */
function fromSeat(winner: "player1" | "player2" | "tie", seat: Seat): "you" | "opponent" | "tie" {
  return winner === "tie" ? "tie" : winner === seat ? "you" : "opponent";
}

function exportedGame(game: Game) {
  const { season, week, homeTeam, awayTeam, homeScore, awayScore, status } = game;
  return { season, week, homeTeam, awayTeam, kickoff: game.gameDate, homeScore, awayScore, status };
}

function exportedPick(pick: MadePick, contestId: string): ExportedPick {
  const { id, market, side, lineSpread, lineFavorite, lineTotal, result, game } = pick;
  // The label reads the game's teams and the pick's market, side and line only.
  const label = pickSideLabel(game, { ...pick, contestId, week: game.week, createdAt: new Date(0) });
  return {
    id,
    game: exportedGame(game),
    market,
    side,
    pick: label,
    lineSpread,
    lineFavorite,
    lineTotal,
    ...(pick.isLock && { isLock: true as const }),
    result,
  };
}

/** The settled weeks' money as the ledger shows it: the winner of a week takes its pot from the other. */
function ledgerOf(weeks: WeeklyResult[], { contest, seat, opponent }: PlayerContest) {
  const settled = weeks.filter((week) => week.isSettled && week.weekWinner !== null);
  const ledgerWeeks = settled.map((week, at) => ({
    week: week.week,
    pot: week.potAmount,
    winner: fromSeat(week.weekWinner!, seat),
    balance: runningTotal(settled.slice(0, at + 1), seat),
  }));
  const balance = contest.standing[seat].runningTotal;
  const free = contest.isFree && settled.every((week) => week.potAmount === 0);
  const summary = free
    ? "Free contest: no money changes hands"
    : balance > 0
      ? `${opponent} owes you ${dollars(balance)}`
      : balance < 0
        ? `You owe ${opponent} ${dollars(balance)}`
        : "All square";
  return { summary, balance, weeks: ledgerWeeks };
}

function betChangeOf(change: BetChange, user: UserRow) {
  const { id, kind, proposerName, fromWeek, newAmount, status, createdAt, respondedAt } = change;
  const proposedBy = kind === "admin" ? "admin" : change.proposedBy === user.id ? "you" : "opponent";
  return { id, kind, proposedBy, proposerName, fromWeek, newAmount, status, createdAt, respondedAt } as const;
}

function proposalOf(proposal: Proposal, user: UserRow) {
  const { id, week, proposerName, status, expired, proposedAt, respondedAt } = proposal;
  const proposedBy = proposal.proposedBy === user.id ? "you" : "opponent";
  return {
    id,
    week,
    game: exportedGame(proposal.game),
    proposedBy,
    proposerName,
    status,
    expired,
    proposedAt,
    respondedAt,
  } as const;
}

/** One contest of the export: what its details, weekly results, standings, bets and proposals show. */
async function exportedContest(
  ctx: AppContext,
  user: UserRow,
  played: PlayerContest,
): Promise<ExportedContest> {
  const { contest, seat, opponent } = played;
  const [weekly, betChanges, proposals, thread] = await Promise.all([
    weeklyResultsJson(ctx, user, contest.id).then(
      (json) => (JSON.parse(json) as { weeklyResults: WeeklyResult[] }).weeklyResults,
    ),
    listContestBetChanges(ctx, user, contest.id),
    listProposals(ctx, user, contest.id, undefined),
    listThread(ctx, user, contest.id),
  ]);
  const other = otherSeat(seat);
  const ownPicks = (week: WeeklyResult) => (seat === "player1" ? week.player1Picks : week.player2Picks);
  return {
    id: contest.id,
    name: contest.name,
    description: contest.description,
    status: contest.status,
    seat,
    opponent,
    season: contest.season,
    startWeek: contest.startWeek,
    currentWeek: contest.currentWeek,
    totalWeeks: contest.totalWeeks,
    betAmount: contest.betAmount,
    isFree: contest.isFree,
    maxPicksPerPlayer: contest.maxPicksPerPlayer,
    rounds: contest.rounds,
    createdAt: contest.createdAt,
    winner:
      contest.status !== "completed"
        ? null
        : contest.winnerId === null
          ? "tie"
          : contest.winnerId === user.id
            ? "you"
            : "opponent",
    standing: {
      you: contest.standing[seat],
      opponent: contest.standing[other],
      completedWeeks: contest.standing.completedWeeks,
    },
    weeklyResults: weekly.map((week) => ({
      week: week.week,
      potAmount: week.potAmount,
      isSettled: week.isSettled,
      yourWins: seat === "player1" ? week.player1Wins : week.player2Wins,
      opponentWins: seat === "player1" ? week.player2Wins : week.player1Wins,
      winner: week.weekWinner === null ? null : fromSeat(week.weekWinner, seat),
    })),
    ledger: ledgerOf(weekly, played),
    picks: weekly.flatMap((week) => ownPicks(week).map((pick) => exportedPick(pick, contest.id))),
    betChanges: betChanges.map((change) => betChangeOf(change, user)),
    proposals: proposals.map((proposal) => proposalOf(proposal, user)),
    messages: thread.messages
      .filter((message) => message.authorId === user.id)
      .map(({ id, body, createdAt }) => ({ id, body, postedAt: createdAt })),
  };
}

/** GET /api/account/export: the player's profile and every contest of theirs the screens show. */
export async function accountExport(ctx: AppContext, user: UserRow): Promise<AccountExport> {
  const contests: ExportedContest[] = [];
  // One contest at a time: a download is never urgent, the page views meanwhile are.
  for (const played of await playerContests(ctx, user))
    contests.push(await exportedContest(ctx, user, played));
  const { id, firstName, lastName, email, isAdmin, createdAt } = toUser(user);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    profile: { id, firstName, lastName, email, isAdmin, createdAt },
    contests,
  };
}

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return)
 * gets a leading apostrophe; plain numbers ("-20") are left as numbers.
 */
export function safeCell(value: string | number): string | number {
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

const WEEK_RESULT = { you: "Won", opponent: "Lost", tie: "Push" } as const;

/** The week's money for the player: the pot won or lost, 0 for a push; empty while it is played. */
const weekMoney = (week: ExportedContest["weeklyResults"][number] | undefined): number | "" =>
  !week?.winner
    ? ""
    : week.winner === "you"
      ? week.potAmount
      : week.winner === "opponent"
        ? -week.potAmount
        : 0;

/** The line a pick was made at: the spread's favorite and points ("PHI -8.5", "PK"), or the total. */
function lineOf(pick: ExportedPick): string {
  if (pick.market === "total") return pick.lineTotal === null ? "" : String(Number(pick.lineTotal));
  if (pick.lineSpread === null) return "";
  const spread = Math.abs(Number(pick.lineSpread));
  return spread === 0 ? "PK" : `${pick.lineFavorite ?? ""} -${spread}`.trim();
}

/**
 * GET /api/account/export.csv: one row per pick of the export, with its week's result (RFC 4180: quoted
 * where needed, CRLF line ends; a byte-order mark so that spreadsheets read it as UTF-8).
 */
export function picksCsv(data: AccountExport): string {
  const rows = data.contests.flatMap((contest) => {
    const weeks = new Map(contest.weeklyResults.map((week) => [week.week, week]));
    return contest.picks.map((pick) => {
      const week = weeks.get(pick.game.week);
      const cells = [
        contest.name,
        contest.opponent,
        pick.game.season,
        pick.game.week,
        `${pick.game.awayTeam} @ ${pick.game.homeTeam}`,
        pick.game.kickoff,
        pick.market,
        pick.side,
        pick.pick,
        lineOf(pick),
        pick.result,
        week?.winner ? WEEK_RESULT[week.winner] : "In progress",
        weekMoney(week),
      ];
      return cells.map(safeCell);
    });
  });
  return stringify(rows, {
    header: true,
    columns: [...PICKS_CSV_COLUMNS],
    record_delimiter: "windows",
    bom: true,
  });
}

/** "football-pool-bea-brown-2025-09-04.json": the download's name, in letters and digits only. */
export function exportFileName(user: Pick<UserRow, "firstName" | "lastName">, now: Date, extension: string) {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const name = [slug(user.firstName), slug(user.lastName)].filter(Boolean).join("-") || "player";
  return `football-pool-${name}-${now.toISOString().slice(0, 10)}.${extension}`;
}
