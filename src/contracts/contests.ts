import { z } from "zod";
import { email } from "./auth";
import { visibleName } from "./names";
import { MAX_WEEK_PICKS, roundsProblem } from "@/domain/rounds";
import { contestStanding } from "./picks";
import { SEASON_WEEKS } from "./constants";
import { MAX_MULTIPLIER, POSTSEASON_WEEKS } from "@/domain/postseason";

export { DEFAULT_BET, DEFAULT_MAX_PICKS, SEASON_WEEKS } from "./constants";

export const contestStatus = z.enum(["pending", "active", "completed", "rejected"]);
export type ContestStatus = z.infer<typeof contestStatus>;

/** A round of a contest's week: how many picks each player makes in it (domain/rounds.ts). */
export const round = z.object({
  roundNumber: z.number().int().min(1, "Round number must be at least 1"),
  player1Picks: z
    .number({ error: "Pick count must be 0 or greater" })
    .int()
    .min(0, "Pick count must be 0 or greater")
    .max(MAX_WEEK_PICKS, `Pick count must be ${MAX_WEEK_PICKS} or fewer`),
  player2Picks: z
    .number({ error: "Pick count must be 0 or greater" })
    .int()
    .min(0, "Pick count must be 0 or greater")
    .max(MAX_WEEK_PICKS, `Pick count must be ${MAX_WEEK_PICKS} or fewer`),
});

/** A week's rounds as a form or the API sends them: checked as a whole by `roundsProblem`. */
export const roundList = z.array(round).superRefine((rounds, context) => {
  const problem = roundsProblem(rounds);
  if (problem) context.addIssue({ code: "custom", message: problem });
});
export type Round = z.infer<typeof round>;

function contestWeekField(label: string) {
  return z
    .number({ error: `${label} must be a week from 1 to ${SEASON_WEEKS}` })
    .int(`${label} must be a week from 1 to ${SEASON_WEEKS}`)
    .min(1, `${label} must be a week from 1 to ${SEASON_WEEKS}`)
    .max(SEASON_WEEKS, `${label} must be a week from 1 to ${SEASON_WEEKS}`);
}

/** The bet's multiplier in each postseason round, Wild Card first (domain/postseason.ts). */
export const postseasonMultipliers = z
  .array(
    z
      .number({ error: `A round's multiplier must be a whole number from 1 to ${MAX_MULTIPLIER}` })
      .int(`A round's multiplier must be a whole number from 1 to ${MAX_MULTIPLIER}`)
      .min(1, `A round's multiplier must be a whole number from 1 to ${MAX_MULTIPLIER}`)
      .max(MAX_MULTIPLIER, `A round's multiplier must be a whole number from 1 to ${MAX_MULTIPLIER}`),
  )
  .length(POSTSEASON_WEEKS.length, `Give a multiplier for each of the ${POSTSEASON_WEEKS.length} rounds`);

/** The Create Contest form; `contestCreationPassword` is required of non-admins (checked by the form and the server). */
export const createContestForm = z.object({
  name: visibleName("Contest name", 3, "Contest name must be at least 3 characters"),
  description: z.string().trim().max(1000).default(""),
  player2Email: email,
  isFree: z.boolean().default(false),
  defaultBetAmount: z
    .number({ error: "Bet amount must be 0 or greater" })
    .int("Bet amount must be whole dollars")
    .min(0, "Bet amount must be 0 or greater")
    .max(100_000, "Bet amount must be $100,000 or less"),
  useCustomRounds: z.boolean().default(false),
  /**
   * The weekly tiebreaker (docs/rules.md, "Contest options"): Create Contest's switch starts on; a
   * contest created through the API without it plays none.
   */
  tiebreaker: z.boolean({ error: "Tiebreaker must be true or false" }).default(false),
  /** The lock of the week: one pick a week of each player's may count double. Off unless chosen. */
  lockOfTheWeek: z.boolean({ error: "Lock of the week must be true or false" }).default(false),
  /** The pot's rollover: a week no one wins adds its pot to the next week's. Off unless chosen. */
  potRollover: z.boolean({ error: "Pot rollover must be true or false" }).default(false),
  /**
   * The postseason: after week 18 the contest plays the Wild Card round, the Divisional round, the
   * conference championships and the Super Bowl (weeks 19 to 22). Its last week must be 18.
   */
  postseason: z.boolean({ error: "Postseason must be true or false" }).default(false),
  /** The bet's multiplier in each postseason round; 1× in each unless given. */
  postseasonMultipliers: postseasonMultipliers.optional(),
  maxPicksPerPlayer: z
    .number({ error: "Max picks must be at least 1" })
    .int()
    .min(1, "Max picks must be at least 1")
    .max(16, "Max picks must be 16 or fewer")
    .optional(),
  contestCreationPassword: z.string().optional(),
  rounds: roundList.optional(),
  /**
   * The NFL weeks the contest runs, first to last: from the first week still open (the current
   * one, the default) to week 18 (the default). The server says which weeks are open.
   */
  firstWeek: contestWeekField("First week").optional(),
  lastWeek: contestWeekField("Last week").optional(),
});
export type CreateContestForm = z.input<typeof createContestForm>;

/**
 * POST /api/contests. Status, player 1 and start week are the server's to set: sent values are
 * ignored. `season` defaults to the current one; a season given must have weeks still to play
 * (the current one, or the next one between seasons).
 */
export const createContestBody = createContestForm.omit({ isFree: true, useCustomRounds: true }).extend({
  currentWeek: z.number().int().optional(),
  status: z.string().optional(),
  season: z
    .number({ error: "Season must be a year" })
    .int("Season must be a year")
    .min(2020, "Season must be 2020 or later")
    .max(2030, "Season must be 2030 or earlier")
    .optional(),
});
export type CreateContestBody = z.input<typeof createContestBody>;

/**
 * PUT /api/contests/{id} (admins) and the Edit Contest form: the settings an admin may change, with
 * the bounds of the Create Contest form. Free, or a bet of $0, makes the contest free.
 */
export const editContestBody = z.object({
  name: createContestForm.shape.name,
  description: createContestForm.shape.description,
  maxPicksPerPlayer: createContestForm.shape.maxPicksPerPlayer.unwrap(),
  /**
   * Custom rounds (null: one round of `maxPicksPerPlayer` each); omitted, they stay as they are.
   * A change applies from the contest's next week without picks.
   */
  rounds: roundList.nullable().optional(),
  /** The weekly tiebreaker on or off; omitted, it stays. A change applies as one of rounds does. */
  tiebreaker: createContestForm.shape.tiebreaker.unwrap().optional(),
  /** The lock of the week on or off; omitted, it stays. */
  lockOfTheWeek: createContestForm.shape.lockOfTheWeek.unwrap().optional(),
  /** The pot's rollover on or off; omitted, it stays. */
  potRollover: createContestForm.shape.potRollover.unwrap().optional(),
  /** The postseason on or off, until week 18 ends; omitted, it stays. */
  postseason: createContestForm.shape.postseason.unwrap().optional(),
  /** The postseason rounds' multipliers, until week 18 ends; omitted, they stay. */
  postseasonMultipliers: postseasonMultipliers.optional(),
  isFree: z.boolean({ error: "Free must be true or false" }),
  betAmount: createContestForm.shape.defaultBetAmount,
});
export type EditContestForm = z.input<typeof editContestBody>;
export type EditContestBody = z.output<typeof editContestBody>;

export const respondContestBody = z.object({
  status: z.enum(["active", "rejected"], {
    error: 'Status must be "active" (accept) or "rejected" (reject)',
  }),
});
export type RespondContestBody = z.infer<typeof respondContestBody>;

export const contestIdParams = z.object({ id: z.uuid("Contest not found.") });

export const contest = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: contestStatus,
  player1Id: z.uuid(),
  player2Id: z.uuid().nullable(),
  player2Email: z.string(),
  betAmount: z.number().int(),
  isFree: z.boolean(),
  season: z.number().int(),
  startWeek: z.number().int(),
  currentWeek: z.number().int(),
  totalWeeks: z.number().int(),
  maxPicksPerPlayer: z.number().int(),
  /** The rounds of the contest's current week when it plays custom rounds, else null. */
  rounds: z.array(round).nullable(),
  /** Whether the contest's current week plays the weekly tiebreaker. */
  tiebreaker: z.boolean(),
  /** Whether the contest's current week plays the lock of the week. */
  lockOfTheWeek: z.boolean(),
  /** Whether a week no one wins in the contest's current week rolls its pot into the next. */
  potRollover: z.boolean(),
  /** Whether the contest goes on through the postseason (its last week is then 22, the Super Bowl). */
  postseason: z.boolean(),
  /** The bet's multiplier in each postseason round, Wild Card first (1 each unless set). */
  postseasonMultipliers: z.array(z.number().int()),
  winnerId: z.uuid().nullable(),
  createdAt: z.string(),
  /** The contest this one is the rematch of, else null. */
  predecessorId: z.uuid().nullable(),
  /** This contest's rematch, proposed, accepted or played (not declined nor archived), else null. */
  rematch: z.object({ id: z.uuid(), status: contestStatus }).nullable(),
  /** Correct and incorrect picks and money so far, per player. */
  standing: contestStanding,
});
export type Contest = z.infer<typeof contest>;
