const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's greeting: "Welcome" on an account's first day (a newcomer is not "back"),
 * "Welcome back" after. `now` is the server's clock (GET /api/season), the one the account's
 * creation time is written by; unknown yet, the greeting is the neutral "Welcome".
 */
export function welcomeText(
  user: { firstName: string; createdAt: string } | null,
  now: number | undefined,
): string {
  const rest = "Here's what's happening in your contests.";
  if (!user) return `Welcome! ${rest}`;
  const age = now === undefined ? 0 : now - Date.parse(user.createdAt);
  const greeting = Number.isNaN(age) || age >= DAY_MS ? "Welcome back" : "Welcome";
  return `${greeting}, ${user.firstName}! ${rest}`;
}
