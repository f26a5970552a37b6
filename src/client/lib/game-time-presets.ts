/**
 * The kickoff presets of the game-time picker (SPEC.md section 5). Times are wall-clock times in the
 * viewer's local time zone; `now` is always a parameter, so the rules are testable without a clock.
 */

export interface GameTimePreset {
  id: string;
  label: string;
  /** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
  weekday: number;
  hour: number;
  minute: number;
}

export const CUSTOM_PRESET = "custom";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "10am", "1:05pm", "5:15pm". */
export function clockLabel(hour: number, minute: number): string {
  const suffix = hour < 12 ? "am" : "pm";
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${twelve}${suffix}` : `${twelve}:${String(minute).padStart(2, "0")}${suffix}`;
}

function preset(weekday: number, hour: number, minute: number): GameTimePreset {
  const day = WEEKDAYS[weekday]!;
  const time = clockLabel(hour, minute);
  return { id: `${day.slice(0, 3).toLowerCase()}-${time}`, label: `${day} ${time}`, weekday, hour, minute };
}

export const GAME_TIME_PRESETS: readonly GameTimePreset[] = [
  preset(4, 17, 15),
  preset(0, 10, 0),
  preset(0, 13, 5),
  preset(0, 13, 25),
  preset(0, 17, 20),
  preset(1, 16, 15),
  preset(1, 17, 15),
];

export const findPreset = (id: string) => GAME_TIME_PRESETS.find((candidate) => candidate.id === id);

/**
 * The next occurrence of the preset's weekday and time after `now`, in local time. Today's slot
 * counts only while it is still ahead; once it has come, the preset moves a week on.
 */
export function nextOccurrence(target: GameTimePreset, now: Date): Date {
  const result = new Date(now);
  const daysAhead = (target.weekday - now.getDay() + 7) % 7;
  // Calendar arithmetic (setDate, setHours) keeps the wall-clock time across daylight-saving changes.
  result.setDate(now.getDate() + daysAhead);
  result.setHours(target.hour, target.minute, 0, 0);
  if (result.getTime() <= now.getTime()) result.setDate(result.getDate() + 7);
  return result;
}

/** The preset an existing kickoff matches by local weekday and time, else Custom. */
export function matchPreset(value: Date | string | null | undefined): string {
  if (!value) return CUSTOM_PRESET;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return CUSTOM_PRESET;
  const match = GAME_TIME_PRESETS.find(
    (candidate) =>
      candidate.weekday === date.getDay() &&
      candidate.hour === date.getHours() &&
      candidate.minute === date.getMinutes(),
  );
  return match?.id ?? CUSTOM_PRESET;
}

const two = (value: number) => String(value).padStart(2, "0");

/** The value a datetime-local input shows for an instant: "2025-09-07T13:25" in local time; "" when invalid. */
export function toDateTimeLocal(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A datetime-local input's value (local time) as an instant; null when empty or invalid. */
export function fromDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
