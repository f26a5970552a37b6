/**
 * The weekly bet of a contest over its weeks. A contest starts with its own amount; every approved
 * change (a proposal both players agreed to, or an administrator's setting) applies from its week
 * on. Changes are taken in the order they were approved: the latest approved change whose week has
 * come decides the amount, so a later agreement overrides an earlier one from its week on and the
 * weeks before a change keep their amount.
 */
export interface AgreedBet {
  fromWeek: number;
  amount: number;
}

/** The amount in force in a week: `agreed` must be in the order the changes were approved. */
export function betInWeek(base: number, agreed: readonly AgreedBet[], week: number): number {
  let amount = base;
  for (const change of agreed) if (change.fromWeek <= week) amount = change.amount;
  return amount;
}

/** Whether a change from `fromWeek` would alter the amount of any week from there to `lastWeek`. */
export function changesBet(
  base: number,
  agreed: readonly AgreedBet[],
  change: AgreedBet,
  lastWeek: number,
): boolean {
  for (let week = change.fromWeek; week <= lastWeek; week += 1) {
    if (betInWeek(base, agreed, week) !== change.amount) return true;
  }
  return false;
}

export type ProposalState = "proposed" | "approved" | "rejected" | "expired";

/**
 * A proposal nobody answered expires once its first week is behind the contest (it could only
 * change a week already played) or once the contest is no longer active.
 */
export function proposalState(
  stored: "proposed" | "approved" | "rejected",
  fromWeek: number,
  contest: { active: boolean; currentWeek: number },
): ProposalState {
  if (stored !== "proposed") return stored;
  return contest.active && fromWeek >= contest.currentWeek ? "proposed" : "expired";
}
