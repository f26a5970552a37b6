import { z } from "zod";
import { email, newPassword } from "./auth";

/** The token of an e-mail change's link lives this long. */
export const EMAIL_CHANGE_HOURS = 24;

const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(200);

/** GET /api/account/sign-in: how the person signs in, and an e-mail change waiting for its link. */
export const signInMethod = z.object({
  email: z.string(),
  /** False for an account made through the OpenID Connect provider: it has no password here. */
  hasPassword: z.boolean(),
  /** The address a change awaits confirmation for (its link not opened yet), or null. */
  pendingEmail: z.string().nullable(),
});
export type SignInMethod = z.infer<typeof signInMethod>;

/** POST /api/account/email: asks to move the account to a new address (confirmed by its link). */
export const changeEmailBody = z.object({ newEmail: email, currentPassword });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** The 202 answer: what happens next. */
export const emailChangeRequested = z.object({ message: z.string(), pendingEmail: z.string() });
export type EmailChangeRequested = z.infer<typeof emailChangeRequested>;

/** A confirmation link without its token (cut short when copied). */
export const EMAIL_LINK_INCOMPLETE = "This link is incomplete. Open the link from the e-mail again.";

/** POST /api/auth/email-change/confirm: the token of the link sent to the new address. */
export const confirmEmailChangeBody = z.object({
  token: z
    .string({ error: EMAIL_LINK_INCOMPLETE })
    .min(1, EMAIL_LINK_INCOMPLETE)
    .max(200, "This link is not valid."),
});
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBody>;

export const emailChanged = z.object({ email: z.string() });
export type EmailChanged = z.infer<typeof emailChanged>;

/** POST /api/account/password: the new password follows the sign-up's rules. */
export const changePasswordBody = z.object({
  currentPassword,
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** One signed-in device, as GET /api/account/sessions lists them (the live sessions, newest first). */
export const deviceSession = z.object({
  /** Names the session in DELETE /api/account/sessions/{id}; not the session's own id. */
  id: z.string(),
  /** "Chrome 126", or null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS 14.5", "Android 14", or null. */
  system: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string().nullable(),
  /** The device this list was asked from. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;

export const deviceSessionParams = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, "Device not found."),
});
