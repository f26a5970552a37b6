import { MONTH_SHORT } from "./games";

/** "$25/week" or "Free", as a contest's bet is shown everywhere (docs/rules.md, "Bets"). */
export function formatBet(contest: { isFree: boolean; betAmount: number }): string {
  return contest.isFree || contest.betAmount === 0 ? "Free" : `$${contest.betAmount}/week`;
}

/** "$1,250" or "-$25.5" (as "en-US" writes numbers, without Intl: see formatKickoff). */
export function formatDollars(amount: number): string {
  const [whole, fraction] = String(Math.round(Math.abs(amount) * 1000) / 1000).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${amount < 0 ? "-" : ""}$${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** Ids are shown truncated to 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);

/** "Nov 20, 2025" in the viewer's time zone (as "en-US" writes it, without Intl: see formatKickoff). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTH_SHORT[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
