/**
 * The postseason as weeks of ours: after the 18 regular weeks, the Wild Card round is week 19, the
 * Divisional round 20, the conference championships 21 and the Super Bowl 22 (the Pro Bowl week
 * between them is no week of the pool: the Super Bowl's week lasts two calendar weeks). A contest
 * plays the postseason when its last week is 22 (docs/rules.md, "The postseason").
 */
/** The regular season's weeks; a week after them is a postseason round. */
export const REGULAR_WEEKS = 18;
/** The Super Bowl's week: the last of a season, and of a contest that plays the postseason. */
export const LAST_WEEK = 22;

export interface PostseasonWeek {
  week: number;
  name: string;
  /** ESPN's week number of the round in its postseason (season type 3). */
  espnWeek: number;
  /** The round's games, by the NFL's 14-team bracket. */
  games: number;
}

export const POSTSEASON_WEEKS: readonly PostseasonWeek[] = [
  { week: 19, name: "Wild Card", espnWeek: 1, games: 6 },
  { week: 20, name: "Divisional", espnWeek: 2, games: 4 },
  { week: 21, name: "Conference Championships", espnWeek: 3, games: 2 },
  { week: 22, name: "Super Bowl", espnWeek: 5, games: 1 },
];

/** ESPN's postseason week of the Pro Bowl: no game of the pool. */
export const PRO_BOWL_ESPN_WEEK = 4;

export const isPostseason = (week: number): boolean => week > REGULAR_WEEKS;

export const postseasonWeek = (week: number): PostseasonWeek | undefined =>
  POSTSEASON_WEEKS.find((round) => round.week === week);

/** How screens name a week: "Week 12", or the postseason round's name ("Wild Card"). */
export const weekName = (week: number): string => postseasonWeek(week)?.name ?? `Week ${week}`;

/** A week before a noun: "your week 12 picks", "your Wild Card picks". */
export const weekLabel = (week: number): string => postseasonWeek(week)?.name ?? `week ${week}`;

/** A week in a sentence: "week 12", "the Wild Card round", "the Conference Championships". */
export function weekInText(week: number): string {
  const round = postseasonWeek(week);
  if (!round) return `week ${week}`;
  return round.games > 2 ? `the ${round.name} round` : `the ${round.name}`;
}

/** A week at the start of a sentence: "Week 12", "The Wild Card round". */
export const weekInTextStart = (week: number): string => {
  const text = weekInText(week);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Our week of one of ESPN's postseason weeks; undefined for the Pro Bowl and weeks past the Super Bowl. */
export const weekOfEspnPostseason = (espnWeek: number): number | undefined =>
  POSTSEASON_WEEKS.find((round) => round.espnWeek === espnWeek)?.week;

/**
 * The most picks a player can make in a week: in a postseason round, the spread and the total of
 * each of its games (the Super Bowl: 2); no bound in a regular week.
 */
export const weekPickLimit = (week: number): number => {
  const round = postseasonWeek(week);
  return round ? 2 * round.games : Number.POSITIVE_INFINITY;
};

/**
 * A week's rounds held to its pick limit: each player's picks are counted round by round and a
 * round gets what the limit leaves (0 once it is reached). A regular week's rounds are unchanged.
 */
export function limitRounds<R extends { player1Picks: number; player2Picks: number }>(
  rounds: R[],
  week: number,
): R[] {
  const limit = weekPickLimit(week);
  if (!Number.isFinite(limit)) return rounds;
  let left1 = limit;
  let left2 = limit;
  let changed = false;
  const limited = rounds.map((round) => {
    const player1Picks = Math.min(round.player1Picks, left1);
    const player2Picks = Math.min(round.player2Picks, left2);
    left1 -= player1Picks;
    left2 -= player2Picks;
    if (player1Picks !== round.player1Picks || player2Picks !== round.player2Picks) changed = true;
    return { ...round, player1Picks, player2Picks };
  });
  return changed ? limited : rounds;
}

/** The multipliers of a contest that sets none: 1× in each round. */
export const PLAIN_MULTIPLIERS: readonly number[] = [1, 1, 1, 1];
/** The most a round's bet may be multiplied by. */
export const MAX_MULTIPLIER = 10;

/** The bet's multiplier in a week: the round's, 1 in a regular week or when none is set. */
export function betMultiplier(multipliers: readonly number[] | null | undefined, week: number): number {
  const index = POSTSEASON_WEEKS.findIndex((round) => round.week === week);
  if (index < 0) return 1;
  return multipliers?.[index] ?? 1;
}
