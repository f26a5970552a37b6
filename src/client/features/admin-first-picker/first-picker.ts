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

/** One row per week from 1 to the contest's own totalWeeks, whatever the server listed. */
export function weekAssignments(
  totalWeeks: number,
  assignments: readonly FirstPickerAssignment[],
): WeekAssignment[] {
  const byWeek = new Map(assignments.map((assignment) => [assignment.week, assignment]));
  return Array.from({ length: totalWeeks }, (_, index) => {
    const week = index + 1;
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
