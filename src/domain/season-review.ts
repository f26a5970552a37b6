/**
 * A completed contest told back as its season in review (docs/rules.md, "Season in review"): the
 * champion, each player's record and money, the best week and the longest streak (of either
 * player), the team each rode and faded most, and the pick that decided it. Read from player 1's
 * side by the rivalry's rules, which hold for one contest too.
 */
import { rivalryRecord, rivalryWeeks, streaks, type Record3, type RivalryWeek } from "./rivalry";
import { teamsOf, type TendencyPick } from "./tendencies";
import type { WeekOutcome } from "./weekly";

export type Player = "player1" | "player2";

/** A graded pick of the contest with its game, as the review reads it. */
export interface ReviewPick extends TendencyPick {
  player: Player;
  week: number;
  lineTotal: number | null;
  isLock: boolean;
}

export interface SeasonReviewInput {
  outcomes: readonly WeekOutcome[];
  /** Each player's correct and wrong picks, as the contest's standing counts them (a lock twice). */
  standing: Record<Player, { wins: number; losses: number }>;
  /** The completed contest's winner; null for a tie. */
  winner: Player | null;
  /** The contest's graded picks (win, loss or push); those of one kickoff in the order to walk them. */
  picks: readonly ReviewPick[];
}

export interface PlayerRecord {
  weeks: Record3;
  picks: { won: number; lost: number };
}

/** A week one player won, by how much. */
export interface ReviewWeek {
  player: Player;
  week: number;
  wins: number;
  otherWins: number;
  pot: number;
}

export interface ReviewStreak {
  player: Player;
  weeks: number;
  fromWeek: number;
  toWeek: number;
}

/** A team and the graded spread picks that backed it (or went against it). */
export interface TeamCount {
  team: string;
  picks: number;
  wins: number;
  losses: number;
  pushes: number;
}

/** The pick after which the champion's lead in correct picks never again fell to zero or below. */
export interface Clincher {
  player: Player;
  week: number;
  homeTeam: string;
  awayTeam: string;
  kickoff: Date;
  market: TendencyPick["market"];
  /** The team backed ("DEN"), "Over" or "Under"; "Favorite" or "Underdog" without a recorded line. */
  choice: string;
  /** The line from the side picked: "-3.5", "+3.5", "PK", "44.5"; null when not recorded. */
  line: string | null;
  isLock: boolean;
  /** The champion's lead in correct picks once it was graded. */
  lead: number;
}

export interface SeasonReviewFigures {
  champion: Player | null;
  record: Record<Player, PlayerRecord>;
  /** Each player's pots won minus pots lost. */
  money: Record<Player, number>;
  bestWeek: ReviewWeek | null;
  longestStreak: ReviewStreak | null;
  teams: Record<Player, { rode: TeamCount | null; faded: TeamCount | null }>;
  clincher: Clincher | null;
}

const asPlayer = (holder: "you" | "opponent"): Player => (holder === "you" ? "player1" : "player2");

/** The widest win of either player: the bigger margin, then the bigger pot, then the later week. */
function widest(weeks: readonly (RivalryWeek | null)[]): ReviewWeek | null {
  const margin = (week: RivalryWeek) => Math.abs(week.yourWins - week.opponentWins);
  const best = weeks.reduce<RivalryWeek | null>(
    (best, week) =>
      !week
        ? best
        : !best ||
            margin(week) > margin(best) ||
            (margin(week) === margin(best) &&
              (week.pot > best.pot || (week.pot === best.pot && week.week > best.week)))
          ? week
          : best,
    null,
  );
  if (!best || best.winner === "tie") return null;
  const player = asPlayer(best.winner);
  const [wins, otherWins] =
    player === "player1" ? [best.yourWins, best.opponentWins] : [best.opponentWins, best.yourWins];
  return { player, week: best.week, wins, otherWins, pot: best.pot };
}

/** The longest run of weeks won by either player; of equally long ones, the first to reach it. */
function longestOf(weeks: readonly RivalryWeek[]): ReviewStreak | null {
  const best = streaks(weeks).reduce<ReturnType<typeof streaks>[number] | null>(
    (best, streak) => (!best || streak.weeks > best.weeks ? streak : best),
    null,
  );
  return best
    ? { player: asPlayer(best.holder), weeks: best.weeks, fromWeek: best.from.week, toWeek: best.to.week }
    : null;
}

/** The team most often on this side of a player's spread picks: most picks, then most wins, then by name. */
function mostPicked(picks: readonly ReviewPick[], side: "backed" | "against"): TeamCount | null {
  const counts = new Map<string, TeamCount>();
  for (const pick of picks) {
    const team = teamsOf(pick)?.[side];
    if (!team) continue;
    let count = counts.get(team);
    if (!count) counts.set(team, (count = { team, picks: 0, wins: 0, losses: 0, pushes: 0 }));
    count.picks += 1;
    if (pick.result === "win") count.wins += 1;
    else if (pick.result === "loss") count.losses += 1;
    else count.pushes += 1;
  }
  return (
    [...counts.values()].sort(
      (a, b) => b.picks - a.picks || b.wins - a.wins || a.team.localeCompare(b.team),
    )[0] ?? null
  );
}

const points = (value: number) => String(Math.abs(value));

/** What a pick chose and at which line, from the side picked. */
export function choiceOf(pick: ReviewPick): { choice: string; line: string | null } {
  if (pick.market === "total") {
    return {
      choice: pick.side === "over" ? "Over" : "Under",
      line: pick.lineTotal === null ? null : points(pick.lineTotal),
    };
  }
  const teams = teamsOf(pick);
  if (!teams || pick.lineSpread === null)
    return { choice: pick.side === "favorite" ? "Favorite" : "Underdog", line: null };
  if (pick.lineSpread === 0) return { choice: teams.backed, line: "PK" };
  return {
    choice: teams.backed,
    line: `${pick.side === "favorite" ? "-" : "+"}${points(pick.lineSpread)}`,
  };
}

/**
 * The clincher: walking the graded picks in kickoff order (picks of one kickoff in the order given),
 * a lock counting twice, the champion's winning pick after which their lead in correct picks never
 * again fell to zero or below. None for a tie, nor when the walk never leaves the champion ahead.
 */
export function clincherOf(picks: readonly ReviewPick[], champion: Player | null): Clincher | null {
  if (!champion) return null;
  const ordered = [...picks].sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
  const leads: number[] = [];
  let lead = 0;
  for (const pick of ordered) {
    if (pick.result === "win") lead += (pick.player === champion ? 1 : -1) * (pick.isLock ? 2 : 1);
    leads.push(lead);
  }
  // The last moment the champion was level or behind (before any pick: level at 0).
  let last = -1;
  leads.forEach((value, at) => {
    if (value <= 0) last = at;
  });
  const pick = ordered[last + 1];
  if (!pick) return null;
  return {
    player: pick.player,
    week: pick.week,
    homeTeam: pick.homeTeam,
    awayTeam: pick.awayTeam,
    kickoff: pick.kickoff,
    market: pick.market,
    ...choiceOf(pick),
    isLock: pick.isLock,
    lead: leads[last + 1]!,
  };
}

export function seasonReview(input: SeasonReviewInput): SeasonReviewFigures {
  const contest = {
    id: "",
    name: "",
    season: 0,
    status: "completed" as const,
    you: "player1" as const,
    winner:
      input.winner === null ? null : input.winner === "player1" ? ("you" as const) : ("opponent" as const),
    outcomes: input.outcomes,
    picks: { you: input.standing.player1, opponent: input.standing.player2 },
  };
  const record = rivalryRecord([contest]);
  const weeks = rivalryWeeks([contest]);
  const { won, lost, pushed } = record.weeks;
  const theirs = input.standing.player2;
  const picksOf = (player: Player) => input.picks.filter((pick) => pick.player === player);
  const teams = (player: Player) => ({
    rode: mostPicked(picksOf(player), "backed"),
    faded: mostPicked(picksOf(player), "against"),
  });
  return {
    champion: input.winner,
    record: {
      player1: { weeks: { won, lost, pushed }, picks: record.picks },
      player2: { weeks: { won: lost, lost: won, pushed }, picks: { won: theirs.wins, lost: theirs.losses } },
    },
    money: { player1: record.money.net, player2: record.money.lost - record.money.won },
    bestWeek: widest([record.bestWeek, record.worstWeek]),
    longestStreak: longestOf(weeks),
    teams: { player1: teams("player1"), player2: teams("player2") },
    clincher: clincherOf(input.picks, input.winner),
  };
}
