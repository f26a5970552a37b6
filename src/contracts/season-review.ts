import { z } from "zod";

const player = z.enum(["player1", "player2"]);
const count = z.number().int();
const record3 = z.object({ won: count, lost: count, pushed: count });
const bothOf = <T extends z.ZodType>(schema: T) => z.object({ player1: schema, player2: schema });

const playerRecord = z.object({
  /** Settled weeks won, lost and pushed (no one won: a push, or no picks made). */
  weeks: record3,
  /** Correct and wrong picks, as the standing counts them (a lock of the week twice). */
  picks: z.object({ won: count, lost: count }),
});

/** A team and the player's graded spread picks that backed it (rode) or went against it (faded). */
const teamCount = z.object({
  team: z.string(),
  /** The team's name ("Denver Broncos"); its code when unknown. */
  name: z.string(),
  picks: count,
  wins: count,
  losses: count,
  pushes: count,
});

/** The pick after which the champion's lead in correct picks never again fell to zero or below. */
const clincher = z.object({
  player,
  week: count,
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.iso.datetime(),
  market: z.enum(["spread", "total"]),
  /** The team backed ("DEN"), "Over" or "Under". */
  choice: z.string(),
  /** The line from the side picked ("-3.5", "+3.5", "PK", "44.5"); null when not recorded. */
  line: z.string().nullable(),
  isLock: z.boolean(),
  /** The champion's lead in correct picks once it was graded. */
  lead: count,
});

/** A live share link of the season in review: anyone holding it reads the card, signed out. */
export const shareLink = z.object({ url: z.url() });
export type ShareLink = z.infer<typeof shareLink>;

/**
 * GET /api/contests/{id}/review: a completed contest's season in review, from player 1's side
 * (`player1`, `player2` as in the contest).
 */
export const seasonReview = z.object({
  contestId: z.uuid(),
  name: z.string(),
  season: count,
  startWeek: count,
  totalWeeks: count,
  isFree: z.boolean(),
  players: bothOf(z.object({ id: z.uuid(), name: z.string() })),
  /** The contest's winner; null for a tie. */
  champion: player.nullable(),
  record: bothOf(playerRecord),
  /** Each player's pots won minus pots lost. */
  money: bothOf(count),
  /** The widest win of either player (on equal margins the bigger pot, then the later week). */
  bestWeek: z.object({ player, week: count, wins: count, otherWins: count, pot: count }).nullable(),
  /** The most weeks won in a row by either player (of equally long runs, the first). */
  longestStreak: z.object({ player, weeks: count, fromWeek: count, toWeek: count }).nullable(),
  teams: bothOf(z.object({ rode: teamCount.nullable(), faded: teamCount.nullable() })),
  /** None for a tie. */
  clincher: clincher.nullable(),
  /** The live share link, if one of the players made one. */
  share: shareLink.nullable(),
});
export type SeasonReview = z.infer<typeof seasonReview>;
