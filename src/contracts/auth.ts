import { z } from "zod";
import { personName } from "./names";

export const email = z.email("Please enter a valid email address").trim().toLowerCase();

/** A new password's rule the form can check; the server also refuses the commonest passwords. */
export const newPassword = z.string().min(8, "Password must be at least 8 characters").max(200);

/** Told under a new password's field before any error: both rules the server keeps. */
export const PASSWORD_RULES = "At least 8 characters. Common passwords such as “password1” are refused.";

export const registerBody = z.object({
  email,
  password: newPassword,
  firstName: personName("First name"),
  lastName: personName("Last name"),
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

/** The answer to every request for a reset link, whether or not an account uses the address. */
export const RESET_REQUESTED =
  "If an account uses that address, we have sent it a link to choose a new password. The link works once, for one hour.";
/** A reset link that cannot be used (spent, expired, replaced by a newer one, or made up). */
export const RESET_LINK_SPENT = "This link has expired or was already used. Ask for a new one.";

/** A reset link's token, as its fragment carries it (43 characters of base64url). */
const resetToken = z
  .string({ error: RESET_LINK_SPENT })
  .max(200, RESET_LINK_SPENT)
  .regex(/^[A-Za-z0-9_-]+$/, RESET_LINK_SPENT);

/** POST /api/auth/password-reset/request: the forgot-password form. */
export const passwordResetRequestBody = z.object({ email });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;
export const passwordResetRequested = z.object({ message: z.string() });
export type PasswordResetRequested = z.infer<typeof passwordResetRequested>;

/** POST /api/auth/password-reset/check: whether a link still works, before its page asks for a password. */
export const resetLinkCheckBody = z.object({ token: resetToken });
export type ResetLinkCheckBody = z.infer<typeof resetLinkCheckBody>;
export const resetLinkCheck = z.object({ valid: z.boolean() });
export type ResetLinkCheck = z.infer<typeof resetLinkCheck>;

/** POST /api/auth/password-reset: the link's token and the new password; answered with the user. */
export const passwordResetBody = z.object({ token: resetToken, password: newPassword });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** POST /api/users/{id}/reset-link (admins): a reset link to hand over, shown once. */
export const resetLink = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof resetLink>;
