import { TZDate } from "@date-fns/tz";
import { weekStartsAt } from "./season";

/**
 * Turn order. Each week one player picks first: odd weeks player 1, even weeks player 2, unless an
 * admin saved a choice for that week. The second picker may pick once the first picker holds their
 * picks for the week, or once the first picker's deadline has passed (Thursday 4:00 PM Pacific of
 * that week), so nobody can block the other.
 */
export const DEADLINE_ZONE = "America/Los_Angeles";
const DAY = 24 * 60 * 60 * 1000;

export interface ContestPlayers {
  player1Id: string;
  player2Id: string;
}

export function automaticFirstPicker(players: ContestPlayers, week: number): string {
  return week % 2 === 1 ? players.player1Id : players.player2Id;
}

export function firstPickerFor(players: ContestPlayers, week: number, override?: string | null): string {
  return override === players.player1Id || override === players.player2Id
    ? override
    : automaticFirstPicker(players, week);
}

/** Deadlines already worked out (a time zone's offset is slow to find), by season opening and week. */
const deadlines = new Map<string, number>();

/** Thursday 4:00 PM Pacific in the given week of a season (daylight saving included). */
export function firstPickerDeadline(firstKickoff: Date, week: number): Date {
  const key = `${firstKickoff.getTime()}/${week}`;
  let deadline = deadlines.get(key);
  if (deadline === undefined) {
    deadline = pacificThursday(firstKickoff, week);
    if (deadlines.size >= 1_000) deadlines.clear();
    deadlines.set(key, deadline);
  }
  return new Date(deadline);
}

function pacificThursday(firstKickoff: Date, week: number): number {
  // The week ends Tuesday 06:00 UTC; its Thursday is five calendar days before (the Super Bowl's
  // week lasts two: its Thursday is the one of the game's own week).
  const thursday = new Date(weekStartsAt(firstKickoff, week + 1).getTime() - 5 * DAY);
  const local = new TZDate(
    thursday.getUTCFullYear(),
    thursday.getUTCMonth(),
    thursday.getUTCDate(),
    16,
    0,
    0,
    DEADLINE_ZONE,
  );
  return local.getTime();
}

export interface TurnState {
  userId: string;
  firstPickerId: string;
  /** Whether the first picker holds their picks for the week (their base allowance). */
  firstPickerDone: boolean;
  deadline: Date;
  now: Date;
}

/** May this user pick now? The first picker always may; the second once the first is done or late. */
export function mayPick(state: TurnState): boolean {
  if (state.userId === state.firstPickerId) return true;
  return state.firstPickerDone || state.now >= state.deadline;
}
