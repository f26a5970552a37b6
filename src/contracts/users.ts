import { z } from "zod";

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
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  isAdmin: z.boolean().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userIdParams = z.object({ id: z.uuid("User not found.") });
