import type { ComponentType } from "react";

/**
 * The pages a visitor opens signed out, from a link: signing in, and the account pages a mail's
 * link opens (their token is in the link's fragment, which never reaches the server or its log).
 * Each is loaded on demand; paths match case-insensitively, trailing slash optional.
 */
export const accountPages: { pattern: RegExp; load: () => Promise<{ default: ComponentType }> }[] = [
  {
    pattern: /^\/(signin|api\/login)\/?$/i,
    load: () => import("@/client/features/auth/components/sign-in-page"),
  },
  {
    pattern: /^\/reset-password\/?$/i,
    load: () => import("@/client/features/auth/components/reset-password-page"),
  },
  {
    pattern: /^\/confirm-email\/?$/i,
    load: () => import("@/client/features/settings/components/confirm-email-page"),
  },
];

/** The account page at this path, if it is one. */
export const accountPageAt = (path: string) => accountPages.find(({ pattern }) => pattern.test(path));
