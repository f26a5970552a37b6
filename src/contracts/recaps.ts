import { z } from "zod";

const whose = z.enum(["you", "opponent"]);

export const recapPick = z.object({
  whose,
  pick: z.string(),
  game: z.string(),
  margin: z.number().nullable(),
  result: z.enum(["win", "loss", "push"]),
  isLock: z.boolean(),
  note: z.string(),
});
export type RecapPick = z.infer<typeof recapPick>;

/** A settled week told back to one of its players, from their side (docs/rules.md, "Week recap"). */
export const weekRecap = z.object({
  contestId: z.uuid(),
  contestName: z.string(),
  season: z.number().int(),
  week: z.number().int(),
  opponentName: z.string(),
  winner: z.enum(["you", "opponent", "tie"]),
  yourWins: z.number().int(),
  opponentWins: z.number().int(),
  pot: z.number().int(),
  rolledIn: z.number().int(),
  rollsOver: z.boolean(),
  onTiebreaker: z.boolean(),
  picks: z.array(recapPick),
  bestCover: recapPick.nullable(),
  worstBeat: recapPick.nullable(),
  standing: z.object({
    weeksWon: z.number().int(),
    weeksLost: z.number().int(),
    weeksPushed: z.number().int(),
    money: z.number().int(),
  }),
  sentences: z.array(z.string()),
});
export type WeekRecap = z.infer<typeof weekRecap>;

/** GET /api/recaps: the viewer's latest recap of each active contest they play. */
export const recapList = z.array(weekRecap);
