import { leagueClock, leagueInstant } from "./league-time";
import { weekOneStart, type SeasonOpening } from "./season";

/**
 * The NFL's kickoff slots, in US Eastern time, placed in a week of a season. A week runs from its
 * Tuesday turnover (the season calendar), so its Thursday is two days on, its Monday six.
 */
export interface KickoffSlot {
  id: string;
  /** "Sunday 1:00 PM ET", "Thanksgiving 12:30 PM ET". */
  label: string;
  /** The heading the slot is listed under: "Thursday", "Thanksgiving", "Sunday"... */
  group: string;
  /** Days after the week's Tuesday. */
  offset: number;
  hour: number;
  minute: number;
}

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
const OFFSET = { Thursday: 2, Friday: 3, Saturday: 4, Sunday: 5, Monday: 6 } as const;
type SlotDay = keyof typeof OFFSET;

/** "1:00 PM", "8:15 PM". */
export function clockText(hour: number, minute: number): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

function slot(day: SlotDay, hour: number, minute: number, group: string = day, note = ""): KickoffSlot {
  const time = clockText(hour, minute);
  const id = `${group.toLowerCase().replace(/\s+/g, "-")}-${time.replace(/[: ]/g, "").toLowerCase()}`;
  return {
    id,
    label: `${group} ${time} ET${note ? ` (${note})` : ""}`,
    group,
    offset: OFFSET[day],
    hour,
    minute,
  };
}

/** An ordinary week's slots. */
export const ORDINARY_SLOTS: readonly KickoffSlot[] = [
  slot("Thursday", 20, 15),
  slot("Thursday", 20, 20, "Thursday", "season opener"),
  slot("Friday", 20, 0, "Friday", "international"),
  slot("Saturday", 13, 0),
  slot("Saturday", 16, 30),
  slot("Saturday", 20, 0),
  slot("Sunday", 9, 30, "Sunday", "international"),
  slot("Sunday", 13, 0),
  slot("Sunday", 16, 5),
  slot("Sunday", 16, 25),
  slot("Sunday", 20, 20),
  slot("Monday", 19, 15),
  slot("Monday", 20, 15),
];

/** Thanksgiving week: the holiday's three games (12:30 or 1:00, 4:30, 8:20) and Black Friday's. */
const THANKSGIVING: readonly KickoffSlot[] = [
  slot("Thursday", 12, 30, "Thanksgiving"),
  slot("Thursday", 13, 0, "Thanksgiving"),
  slot("Thursday", 16, 30, "Thanksgiving"),
  slot("Thursday", 20, 20, "Thanksgiving"),
  slot("Friday", 15, 0, "Black Friday"),
  ...ORDINARY_SLOTS.filter((candidate) => candidate.offset > OFFSET.Friday),
];

/** Every slot there is, ordinary and Thanksgiving, by id. */
export const ALL_SLOTS: ReadonlyMap<string, KickoffSlot> = new Map(
  [...ORDINARY_SLOTS, ...THANKSGIVING].map((candidate) => [candidate.id, candidate]),
);

/** The first Monday of September (Labor Day); month 1-based. */
function laborDay(year: number): number {
  const weekday = new Date(Date.UTC(year, 8, 1)).getUTCDay();
  return 1 + ((1 - weekday + 7) % 7);
}

/**
 * A season's first kickoff as the NFL sets it when its schedule is not loaded yet: the Thursday
 * after Labor Day, 8:20 PM Eastern.
 */
export function expectedFirstKickoff(season: number): Date {
  return leagueInstant(season, 9, laborDay(season) + 3, 20, 20);
}

/** When a week of a season begins (Tuesday 06:00 UTC): from the season's first kickoff when known. */
export function weekStart(season: number, week: number, openings: readonly SeasonOpening[]): Date {
  const opening = openings.find((candidate) => candidate.season === season);
  const first = weekOneStart(opening?.firstKickoff ?? expectedFirstKickoff(season));
  return new Date(first.getTime() + (week - 1) * WEEK);
}

/** The league's calendar date of the week's Tuesday, plus `days` (month 1-based). */
function weekDate(start: Date, days: number): { year: number; month: number; day: number } {
  // Tuesday 06:00 UTC is early Tuesday in New York: the UTC date is the league's date.
  const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Thanksgiving Day: the fourth Thursday of November. */
export function thanksgiving(year: number): { year: number; month: number; day: number } {
  const weekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return { year, month: 11, day: 1 + ((4 - weekday + 7) % 7) + 21 };
}

/** Is this week's Thursday Thanksgiving Day? */
export function isThanksgivingWeek(start: Date): boolean {
  const thursday = weekDate(start, OFFSET.Thursday);
  const holiday = thanksgiving(thursday.year);
  return thursday.month === holiday.month && thursday.day === holiday.day;
}

/** The slots offered in a week: Thanksgiving's in Thanksgiving week, else the ordinary ones. */
export function slotsOfWeek(start: Date): readonly KickoffSlot[] {
  return isThanksgivingWeek(start) ? THANKSGIVING : ORDINARY_SLOTS;
}

/** A slot's kickoff in the week that begins at `start`. */
export function slotKickoff(target: KickoffSlot, start: Date): Date {
  const { year, month, day } = weekDate(start, target.offset);
  return leagueInstant(year, month, day, target.hour, target.minute);
}

/** The slot of that week a kickoff falls on, if any (else it is a custom time). */
export function matchSlot(kickoff: Date, start: Date): KickoffSlot | undefined {
  if (Number.isNaN(kickoff.getTime())) return undefined;
  return slotsOfWeek(start).find(
    (candidate) => slotKickoff(candidate, start).getTime() === kickoff.getTime(),
  );
}

/**
 * The slot a kickoff shows by its weekday and time in the league's zone, whatever its week: how an
 * existing game's kickoff reads back when it lies outside the form's week.
 */
export function slotOfKickoff(kickoff: Date): KickoffSlot | undefined {
  if (Number.isNaN(kickoff.getTime())) return undefined;
  const clock = leagueClock(kickoff);
  // The week that holds this kickoff starts on the Tuesday on or before its league date.
  const back = (clock.weekday - 2 + 7) % 7;
  const start = new Date(Date.UTC(clock.year, clock.month - 1, clock.day - back, 6));
  return matchSlot(kickoff, start);
}
