/** "$25/week" or "Free" (SPEC.md section 9). */
export function formatBet(contest: { isFree: boolean; betAmount: number }): string {
  return contest.isFree || contest.betAmount === 0 ? "Free" : `$${contest.betAmount}/week`;
}

export function formatDollars(amount: number): string {
  return `${amount < 0 ? "-" : ""}$${Math.abs(amount).toLocaleString("en-US")}`;
}

/** Ids are shown truncated to 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}
