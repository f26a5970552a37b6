/**
 * The game-time picker's presets (docs/rules.md, "Games, lines and scores"): NFL kickoff slots
 * in US Eastern time, placed in the week and season the form names, by the season calendar. Custom
 * times are typed in Eastern time too, so every kickoff the form takes reads the same for an admin
 * anywhere.
 */
import {
  matchSlot,
  ORDINARY_SLOTS,
  slotKickoff,
  slotOfKickoff,
  slotsOfWeek,
  weekStart,
  type KickoffSlot,
} from "@/domain/kickoff-slots";
import { leagueClock, leagueInstant } from "@/domain/league-time";
import type { SeasonOpening } from "@/domain/season";

export const CUSTOM_PRESET = "custom";

/** The week a form names, when its week and season are whole numbers in range. */
export function formWeek(week: unknown, season: unknown): { week: number; season: number } | null {
  const w = Number(week);
  const s = Number(season);
  if (week === "" || season === "" || !Number.isInteger(w) || !Number.isInteger(s)) return null;
  if (w < 1 || w > 22 || s < 2020 || s > 2030) return null;
  return { week: w, season: s };
}

/** When the form's week begins (Tuesday 06:00 UTC), or null while it names none. */
export function formWeekStart(
  week: unknown,
  season: unknown,
  openings: readonly SeasonOpening[],
): Date | null {
  const named = formWeek(week, season);
  return named ? weekStart(named.season, named.week, openings) : null;
}

/** The presets offered: that week's slots, or the ordinary ones while no week is named. */
export const presetsFor = (start: Date | null): readonly KickoffSlot[] =>
  start ? slotsOfWeek(start) : ORDINARY_SLOTS;

/** A preset's kickoff in the week, as an ISO instant. */
export function presetKickoff(id: string, start: Date): string | null {
  const slot = slotsOfWeek(start).find((candidate) => candidate.id === id);
  return slot ? slotKickoff(slot, start).toISOString() : null;
}

/**
 * The preset an existing kickoff shows as: its weekday and Eastern time, when the week offers
 * that slot; else Custom.
 */
export function matchPreset(value: string | null | undefined, start: Date | null): string {
  if (!value) return CUSTOM_PRESET;
  const slot = slotOfKickoff(new Date(value));
  if (!slot || !presetsFor(start).some((candidate) => candidate.id === slot.id)) return CUSTOM_PRESET;
  return slot.id;
}

/**
 * The same slot in another week, when the form's week or season changes: a kickoff chosen as
 * "Sunday 1:00 PM ET" of week 1 follows the form to week 2. Null when it was no slot of the old
 * week, or the new week has no such slot (it stays where it is, as a custom time).
 */
export function movedKickoff(value: string, from: Date, to: Date): string | null {
  const slot = matchSlot(new Date(value), from);
  return slot ? presetKickoff(slot.id, to) : null;
}

const two = (value: number) => String(value).padStart(2, "0");

/** The value a datetime-local input in Eastern time shows for an instant: "2025-09-07T13:25"; "" when invalid. */
export function toEasternInput(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const clock = leagueClock(date);
  return `${clock.year}-${two(clock.month)}-${two(clock.day)}T${two(clock.hour)}:${two(clock.minute)}`;
}

/** A datetime-local input's value, read in Eastern time, as an instant; null when empty or invalid. */
export function fromEasternInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  return leagueInstant(year, month, day, hour, minute);
}
