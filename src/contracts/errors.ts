import { z } from "zod";

/** Every error the API sends: a message a person can act on, and for 400s the fields at fault. */
export const apiError = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;
