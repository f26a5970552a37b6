/**
 * A rivalry: every contest two players have played against each other, read as one record from one
 * player's side ("you") against the other ("opponent"). Weeks count once settled; a week no one won
 * (a push, or no picks made) is pushed; picks count as the standings count them, a lock of the week
 * twice (docs/rules.md, "The rivalry").
 */
import type { WeekOutcome } from "./weekly";

export type Side = "you" | "opponent";

export interface RivalryContestInput {
  id: string;
  name: string;
  season: number;
  status: "active" | "completed";
  /** Which of the contest's players is "you". */
  you: "player1" | "player2";
  /** The completed contest's winner (null: a tie), from "you"'s side; ignored while active. */
  winner: Side | null;
  outcomes: readonly WeekOutcome[];
  /** Correct and wrong picks of each, as the contest's standing counts them. */
  picks: Record<Side, { wins: number; losses: number }>;
}

/** A settled week of the rivalry, from "you"'s side. */
export interface RivalryWeek {
  contestId: string;
  season: number;
  week: number;
  yourWins: number;
  opponentWins: number;
  /** The pot the week was played for ($0 when free). */
  pot: number;
  winner: Side | "tie";
}

export interface Streak {
  holder: Side;
  weeks: number;
  from: RivalryWeek;
  to: RivalryWeek;
}

export interface Record3 {
  won: number;
  lost: number;
  pushed: number;
}

export interface SeasonResult {
  contestId: string;
  name: string;
  season: number;
  status: "active" | "completed";
  /** "in-progress" while the contest is active. */
  result: "won" | "lost" | "tied" | "in-progress";
  weeks: Record3;
  picks: { won: number; lost: number };
  /** Pots won minus pots lost. */
  money: number;
}

export interface RivalryRecord {
  weeks: Record3;
  picks: { won: number; lost: number };
  money: { won: number; lost: number; net: number };
  /** Contests won, lost and tied among the completed ones. */
  contests: Record3;
  /** The streak running now (null when the last settled week was pushed, or none is settled). */
  currentStreak: Streak | null;
  longestStreak: Record<Side, Streak | null>;
  /** "You"'s widest win and widest loss (by picks won over the other's; the bigger pot, then the later, on equal margins). */
  bestWeek: RivalryWeek | null;
  worstWeek: RivalryWeek | null;
  /** Each contest, oldest season first. */
  seasons: SeasonResult[];
}

const mine = (you: "player1" | "player2", winner: WeekOutcome["weekWinner"]): Side | "tie" =>
  winner === "tie" || winner === null ? "tie" : winner === you ? "you" : "opponent";

/** Every settled week of the contests, in the order they were played (season, week, then as given). */
export function rivalryWeeks(contests: readonly RivalryContestInput[]): RivalryWeek[] {
  const weeks = contests.flatMap((contest, order) =>
    contest.outcomes
      .filter((outcome) => outcome.isSettled)
      .map((outcome) => ({
        order,
        week: {
          contestId: contest.id,
          season: contest.season,
          week: outcome.week,
          yourWins: contest.you === "player1" ? outcome.player1Wins : outcome.player2Wins,
          opponentWins: contest.you === "player1" ? outcome.player2Wins : outcome.player1Wins,
          pot: outcome.potAmount,
          winner: mine(contest.you, outcome.weekWinner),
        },
      })),
  );
  weeks.sort((a, b) => a.week.season - b.week.season || a.week.week - b.week.week || a.order - b.order);
  return weeks.map(({ week }) => week);
}

function record3(weeks: readonly RivalryWeek[]): Record3 {
  const count = (winner: RivalryWeek["winner"]) => weeks.filter((week) => week.winner === winner).length;
  return { won: count("you"), lost: count("opponent"), pushed: count("tie") };
}

const money = (weeks: readonly RivalryWeek[], side: Side) =>
  weeks.reduce((sum, week) => sum + (week.winner === side ? week.pot : 0), 0);

/** The streaks of weeks won in a row; a pushed week ends any. */
export function streaks(weeks: readonly RivalryWeek[]): Streak[] {
  const all: Streak[] = [];
  let current: Streak | null = null;
  for (const week of weeks) {
    if (week.winner === "tie") {
      current = null;
      continue;
    }
    if (current && current.holder === week.winner) {
      current.weeks += 1;
      current.to = week;
    } else {
      current = { holder: week.winner, weeks: 1, from: week, to: week };
      all.push(current);
    }
  }
  return all;
}

function longest(all: readonly Streak[], holder: Side): Streak | null {
  // The first of equally long streaks: the record is set by who got there first.
  return all.reduce<Streak | null>(
    (best, streak) => (streak.holder === holder && (!best || streak.weeks > best.weeks) ? streak : best),
    null,
  );
}

/** The widest of the weeks `winner` took: the most picks won over the other's, then the bigger pot, then the later. */
function extreme(weeks: readonly RivalryWeek[], winner: Side): RivalryWeek | null {
  const margin = (week: RivalryWeek) => Math.abs(week.yourWins - week.opponentWins);
  return weeks
    .filter((week) => week.winner === winner)
    .reduce<RivalryWeek | null>(
      (best, week) =>
        !best || margin(week) > margin(best) || (margin(week) === margin(best) && week.pot >= best.pot)
          ? week
          : best,
      null,
    );
}

function seasonResult(contest: RivalryContestInput, weeks: readonly RivalryWeek[]): SeasonResult {
  const own = weeks.filter((week) => week.contestId === contest.id);
  return {
    contestId: contest.id,
    name: contest.name,
    season: contest.season,
    status: contest.status,
    result:
      contest.status === "active"
        ? "in-progress"
        : contest.winner === "you"
          ? "won"
          : contest.winner === "opponent"
            ? "lost"
            : "tied",
    weeks: record3(own),
    picks: { won: contest.picks.you.wins, lost: contest.picks.you.losses },
    money: money(own, "you") - money(own, "opponent"),
  };
}

export function rivalryRecord(contests: readonly RivalryContestInput[]): RivalryRecord {
  const weeks = rivalryWeeks(contests);
  const all = streaks(weeks);
  const last = weeks.at(-1);
  const completed = contests.filter((contest) => contest.status === "completed");
  const won = money(weeks, "you");
  const lost = money(weeks, "opponent");
  const seasons = contests
    .map((contest, order) => ({ order, result: seasonResult(contest, weeks) }))
    .sort((a, b) => a.result.season - b.result.season || a.order - b.order)
    .map(({ result }) => result);
  return {
    weeks: record3(weeks),
    picks: {
      won: contests.reduce((sum, contest) => sum + contest.picks.you.wins, 0),
      lost: contests.reduce((sum, contest) => sum + contest.picks.you.losses, 0),
    },
    money: { won, lost, net: won - lost },
    contests: {
      won: completed.filter((contest) => contest.winner === "you").length,
      lost: completed.filter((contest) => contest.winner === "opponent").length,
      pushed: completed.filter((contest) => contest.winner === null).length,
    },
    currentStreak: last && last.winner !== "tie" ? all.at(-1)! : null,
    longestStreak: { you: longest(all, "you"), opponent: longest(all, "opponent") },
    bestWeek: extreme(weeks, "you"),
    worstWeek: extreme(weeks, "opponent"),
    seasons,
  };
}
