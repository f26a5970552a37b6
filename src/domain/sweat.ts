/**
 * The sweat: how a pick stands while its game is live, graded as if the game ended at the score of
 * the moment, against the line the pick was made at, exactly as its final will be graded
 * (`gradePick`); and how the week would end if every game ended now, counted as a settled week is
 * (`weekOutcome`: a lock of the week counts twice).
 */
import { isOvertime, periodName, type GameProgress } from "./game-status";
import { gradePick, marginAgainstLine, type Grade, type Market, type PickLine } from "./grading";
import { weekOutcome, type Result, type TiebreakInput, type WeekWinner } from "./weekly";

/** A game as the sweat reads it: its teams, its score (null before there is one) and its state. */
export interface SweatGame extends GameProgress {
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
}

export interface Sweat {
  market: Market;
  /** The pick's grade if the game ended now. */
  grade: Grade;
  /**
   * The score against the line. A spread pick: the picked side's margin plus its points (the
   * favorite gives the spread, the underdog gets it); positive while it covers. A total: the points
   * scored minus the line; positive while the game goes over.
   */
  margin: number;
}

/** The score of a game that has one (live or final), else null. */
function scoreOf(game: SweatGame) {
  if (game.homeScore === null || game.awayScore === null) return null;
  return {
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
  };
}

/**
 * How a pick stands while its game is live; null when the game is not live or has no score yet, or
 * the pick has no line.
 */
export function pickSweat(pick: PickLine, game: SweatGame): Sweat | null {
  const score = game.status === "live" ? scoreOf(game) : null;
  if (!score) return null;
  if (pick.market === "total" ? pick.lineTotal === null : pick.lineSpread === null) return null;
  const past = marginAgainstLine(pick, score);
  // A total's margin reads by the points, whichever side was picked: "over by 6", "under by 1.5".
  const margin = pick.market === "total" && pick.side === "under" ? -past : past;
  return { market: pick.market, grade: gradePick(pick, score), margin };
}

/**
 * When in a live game the sweat is: "with 9:12 left in Q4", "at halftime", "at the end of Q1",
 * "in OT" (overtime, by its period: "in 2OT"), "in Q3" without a clock; null when the game is not
 * live or its period is not known.
 */
export function timeLeftText(game: GameProgress): string | null {
  if (game.status !== "live") return null;
  if (game.phase === "halftime") return "at halftime";
  if (game.period === null || game.period < 1) return null;
  const period = periodName(game.period);
  if (game.phase === "end_period") return `at the end of ${period}`;
  if (isOvertime(game.period)) return `in ${period}`;
  if (!game.clock) return `in ${period}`;
  if (/^0?0:00(\.0+)?$/.test(game.clock)) return `at the end of ${period}`;
  return `with ${game.clock} left in ${period}`;
}

/** Points as the lines write them: "3.5", "6". */
const points = (value: number) => String(Math.abs(value));

/**
 * How the score stands against the line: "covering by 3.5", "not covering by 2.5", "over by 6",
 * "under by 1.5", "push right now".
 */
export function marginText(sweat: Sweat): string {
  if (sweat.margin === 0) return "push right now";
  if (sweat.market === "total") return `${sweat.margin > 0 ? "over" : "under"} by ${points(sweat.margin)}`;
  return `${sweat.margin > 0 ? "covering" : "not covering"} by ${points(sweat.margin)}`;
}

/** The sweat in a sentence: "covering by 3.5 with 9:12 left in Q4", "under by 1.5 at halftime". */
export function sweatText(sweat: Sweat, game: GameProgress): string {
  const when = timeLeftText(game);
  return when ? `${marginText(sweat)} ${when}` : marginText(sweat);
}

/** A pick as the week's sweat counts it: its line, its result so far, its game, and whether it is a lock. */
export interface SweatPick extends PickLine {
  result: Result;
  isLock?: boolean;
  game: SweatGame;
}

/**
 * A pick's grade if its game ended now: its result once graded; a live game's sweat; a final whose
 * grade has not arrived yet graded at its final score. Null for a pick that would not count yet
 * (its game not started, postponed, canceled).
 */
export function gradeNow(pick: SweatPick): Grade | null {
  if (pick.game.status === "canceled") return null;
  if (pick.result !== "pending") return pick.result;
  if (pick.game.status === "live") return pickSweat(pick, pick.game)?.grade ?? null;
  const score = pick.game.status === "final" ? scoreOf(pick.game) : null;
  if (!score) return null;
  try {
    return gradePick(pick, score);
  } catch {
    // A pick without the line it was made at is left to the server's grading.
    return null;
  }
}

/** Whether a pick's game is live now (its sweat is shown). */
export const isLive = (pick: { game: Pick<SweatGame, "status"> }) => pick.game.status === "live";

/**
 * The points of the tiebreaker's game if it ended now: its total once it has a score (live or
 * final), else null (not kicked off: the tiebreaker cannot be told yet).
 */
export function totalNow(game: SweatGame | undefined): number | null {
  const score = game && (game.status === "live" || game.status === "final") ? scoreOf(game) : null;
  return score ? score.homeScore + score.awayScore : null;
}

export interface EndedNow {
  /** Each player's wins if the week ended now (a lock's win counts two). */
  player1Wins: number;
  player2Wins: number;
  /** Who would take the week, or "tie" (a push); null while a tie waits for the tiebreaker's game. */
  winner: WeekWinner | null;
  /** The week would be taken on the tiebreaker (equal wins, one guess closer). */
  onTiebreaker: boolean;
}

/**
 * The week if every game ended now: each player's picks graded now (`gradeNow`; the others not
 * counted), a lock counting twice, equal wins decided by the tiebreaker when the week plays it,
 * at its game's points now (`tiebreak.total`; null while it has not kicked off, "void" canceled).
 */
export function ifItEndedNow(week: {
  player1Picks: readonly SweatPick[];
  player2Picks: readonly SweatPick[];
  tiebreak?: TiebreakInput;
}): EndedNow {
  const graded = (player: "player1" | "player2", picks: readonly SweatPick[]) =>
    picks.flatMap((pick) => {
      const result = gradeNow(pick);
      return result ? [{ userId: player, result, isLock: pick.isLock === true }] : [];
    });
  const picks = [...graded("player1", week.player1Picks), ...graded("player2", week.player2Picks)];
  // A tiebreaker whose game has no points yet decides nothing yet: the wins are counted without it.
  const tiebreak = week.tiebreak?.total === null ? undefined : week.tiebreak;
  const outcome = weekOutcome({
    week: 0,
    pot: 0,
    player1Id: "player1",
    player2Id: "player2",
    picks,
    allowance: 0,
    allKickedOff: true,
    tiebreak,
    locks: picks.filter((pick) => pick.isLock),
  });
  const waits = week.tiebreak !== undefined && tiebreak === undefined && outcome.weekWinner === "tie";
  return {
    player1Wins: outcome.player1Wins,
    player2Wins: outcome.player2Wins,
    winner: waits ? null : outcome.weekWinner,
    onTiebreaker: outcome.tiebreakWinner !== undefined,
  };
}
