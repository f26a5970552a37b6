import { z } from "zod";

export const email = z.email("Please enter a valid email address").trim().toLowerCase();

export const registerBody = z.object({
  email,
  password: z.string().min(8, "Password must be at least 8 characters").max(200),
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: z.string().min(1, "Password is required").max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const user = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;
