import type { Contest } from "@/contracts/contests";
import type { FirstPickerAssignment } from "@/contracts/picks";

/** First pickers are managed for active contests that have both players. */
export const managedContests = (contests: readonly Contest[]) =>
  contests.filter((contest) => contest.status === "active" && contest.player2Id !== null);

export interface WeekAssignment {
  week: number;
  /** The stored (automatic or saved) first picker; null when the server has none for the week. */
  firstPickerId: string | null;
  isManualOverride: boolean;
}

/**
 * One row per week of the contest, from its first week (its start week, 1 unless given) to its own
 * totalWeeks, whatever the server listed: the weeks before it started are not the contest's.
 */
export function weekAssignments(
  totalWeeks: number,
  assignments: readonly FirstPickerAssignment[],
  firstWeek = 1,
): WeekAssignment[] {
  const byWeek = new Map(assignments.map((assignment) => [assignment.week, assignment]));
  return Array.from({ length: Math.max(0, totalWeeks - firstWeek + 1) }, (_, index) => {
    const week = firstWeek + index;
    const stored = byWeek.get(week);
    return {
      week,
      firstPickerId: stored?.firstPickerId ?? null,
      isManualOverride: stored?.isManualOverride ?? false,
    };
  });
}

/** Save needs a chosen picker that is one of the two players and differs from the stored one. */
export function canSave(
  chosen: string | null,
  stored: string | null,
  players: readonly (string | null)[],
): boolean {
  return chosen !== null && chosen !== stored && players.includes(chosen);
}
