import { z } from "zod";
import { personName } from "./names";

/** A user as listed by GET /api/users: admins see everyone, a player sees themself and their opponents. */
export const listedUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  /** Contests the user plays in (not archived, not rejected). */
  contestsCount: z.number().int(),
});
export type ListedUser = z.infer<typeof listedUser>;

export const updateUserBody = z.object({
  firstName: personName("First name"),
  lastName: personName("Last name"),
  isAdmin: z.boolean().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/**
 * A player's record (GET /api/users/{id}/record): their graded picks won and lost in the contests
 * they play (not archived, not rejected), as each contest's standings count them; a push is neither.
 */
export const playerRecord = z.object({ wins: z.number().int(), losses: z.number().int() });
export type PlayerRecord = z.infer<typeof playerRecord>;

export const userIdParams = z.object({ id: z.uuid("User not found.") });
