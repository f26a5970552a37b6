import { z } from "zod";

export const seasonInfo = z.object({
  season: z.number().int(),
  currentWeek: z.number().int().min(1),
  now: z.string(),
});
export type SeasonInfo = z.infer<typeof seasonInfo>;
