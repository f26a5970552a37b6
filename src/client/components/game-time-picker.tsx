import { useEffect, useId, useMemo, useRef, useState, type ComponentProps } from "react";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import {
  CUSTOM_PRESET,
  formWeekStart,
  fromEasternInput,
  matchPreset,
  movedKickoff,
  presetKickoff,
  presetsFor,
  toEasternInput,
} from "@/client/lib/game-time-presets";
import { formatKickoff } from "@/client/lib/games";
import { useSeason } from "@/client/lib/queries/season";
import { clockText, type KickoffSlot } from "@/domain/kickoff-slots";
import { leagueClock } from "@/domain/league-time";

type TriggerProps = Omit<ComponentProps<typeof SelectTrigger>, "onChange" | "value">;

/** The slots by their day ("Thursday", "Thanksgiving", "Sunday"...), in the order they come. */
function byGroup(slots: readonly KickoffSlot[]): [string, KickoffSlot[]][] {
  const groups = new Map<string, KickoffSlot[]>();
  for (const slot of slots) groups.set(slot.group, [...(groups.get(slot.group) ?? []), slot]);
  return [...groups];
}

/** "Sun, Sep 7, 10:00 AM PDT (1:00 PM ET)": the viewer's time, and the league's when it differs. */
function kickoffText(iso: string): string {
  const date = new Date(iso);
  const league = leagueClock(date);
  const sameClock =
    league.day === date.getDate() && league.hour === date.getHours() && league.minute === date.getMinutes();
  return sameClock
    ? formatKickoff(iso)
    : `${formatKickoff(iso)} (${clockText(league.hour, league.minute)} ET)`;
}

/**
 * The game forms' game-time picker. The value is an ISO instant ("" when none). Presets are NFL
 * kickoff slots in US Eastern time, placed in the form's week of its season (so they wait for a
 * week); Custom takes a date and time in Eastern time. The kickoff is echoed in the viewer's zone.
 */
export function GameTimePicker({
  value,
  onChange,
  week,
  season,
  ...trigger
}: TriggerProps & { value: string; onChange(iso: string): void; week: unknown; season: unknown }) {
  const customId = useId();
  const hintId = useId();
  const openings = useOpenings();
  const startTime = formWeekStart(week, season, openings)?.getTime();
  const start = useMemo(() => (startTime === undefined ? null : new Date(startTime)), [startTime]);
  const presets = presetsFor(start);
  const [customChosen, setCustomChosen] = useState(
    () => Boolean(value) && matchPreset(value, start) === CUSTOM_PRESET,
  );
  const selected = customChosen ? CUSTOM_PRESET : value ? matchPreset(value, start) : "";
  const invalid = trigger["aria-invalid"];

  // A preset follows the form to another week or season (not a custom time, and not on opening).
  const placed = useRef({ week, season, start });
  useEffect(() => {
    const before = placed.current;
    placed.current = { week, season, start };
    if (before.week === week && before.season === season) return;
    if (!value || customChosen || !before.start || !start) return;
    const moved = movedKickoff(value, before.start, start);
    if (moved && moved !== value) onChange(moved);
  }, [week, season, start, value, customChosen, onChange]);

  const choose = (id: string) => {
    if (id === CUSTOM_PRESET) {
      setCustomChosen(true);
      return;
    }
    const kickoff = start ? presetKickoff(id, start) : null;
    if (!kickoff) return;
    setCustomChosen(false);
    onChange(kickoff);
  };

  return (
    <div className="grid gap-2">
      <Select value={selected} onValueChange={choose}>
        <SelectTrigger
          className="w-full"
          {...trigger}
          aria-describedby={[trigger["aria-describedby"], hintId].filter(Boolean).join(" ")}
        >
          <SelectValue placeholder="Select a time" />
        </SelectTrigger>
        <SelectContent className="max-h-80">
          {byGroup(presets).map(([group, slots]) => (
            <SelectGroup key={group}>
              <SelectLabel>{group}</SelectLabel>
              {slots.map((slot) => (
                <SelectItem key={slot.id} value={slot.id} disabled={!start}>
                  {slot.label}
                </SelectItem>
              ))}
            </SelectGroup>
          ))}
          <SelectGroup>
            <SelectLabel>Other</SelectLabel>
            <SelectItem value={CUSTOM_PRESET}>Custom</SelectItem>
          </SelectGroup>
        </SelectContent>
      </Select>
      {selected === CUSTOM_PRESET ? (
        <div className="grid gap-1.5">
          <Label htmlFor={customId} className="text-xs font-normal text-muted-foreground">
            Custom date and time, Eastern Time (ET)
          </Label>
          <Input
            id={customId}
            type="datetime-local"
            value={toEasternInput(value)}
            aria-invalid={invalid}
            aria-describedby={trigger["aria-describedby"]}
            onChange={(event) => onChange(fromEasternInput(event.target.value)?.toISOString() ?? "")}
          />
        </div>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground" aria-live="polite">
        {value && !Number.isNaN(new Date(value).getTime())
          ? `Kickoff: ${kickoffText(value)}`
          : start
            ? "Times are US Eastern, in the chosen week."
            : "Enter the week and season to choose a time: presets fall in that week."}
      </p>
    </div>
  );
}

/** Each season's first kickoff, from the server's season calendar (none until it has answered). */
function useOpenings() {
  const openings = useSeason().data?.openings;
  return useMemo(
    () =>
      (openings ?? []).map((opening) => ({
        season: opening.season,
        firstKickoff: new Date(opening.firstKickoff),
      })),
    [openings],
  );
}
