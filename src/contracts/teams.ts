import { z } from "zod";

export const team = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export type Team = z.infer<typeof team>;
