import { useId, useState, type ComponentProps } from "react";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import {
  CUSTOM_PRESET,
  GAME_TIME_PRESETS,
  findPreset,
  fromDateTimeLocal,
  matchPreset,
  nextOccurrence,
  toDateTimeLocal,
} from "@/client/lib/game-time-presets";
import { formatKickoff } from "@/client/lib/games";

type TriggerProps = Omit<ComponentProps<typeof SelectTrigger>, "onChange" | "value">;

/**
 * SPEC.md section 5's game-time picker. The value is an ISO instant ("" when none). A preset resolves
 * to its next occurrence in the viewer's local time; Custom shows a datetime-local input.
 */
export function GameTimePicker({
  value,
  onChange,
  ...trigger
}: TriggerProps & { value: string; onChange(iso: string): void }) {
  const customId = useId();
  const [customChosen, setCustomChosen] = useState(
    () => Boolean(value) && matchPreset(value) === CUSTOM_PRESET,
  );
  const selected = customChosen ? CUSTOM_PRESET : value ? matchPreset(value) : "";
  const invalid = trigger["aria-invalid"];

  const choose = (id: string) => {
    const preset = findPreset(id);
    setCustomChosen(!preset);
    if (preset) onChange(nextOccurrence(preset, new Date()).toISOString());
  };

  return (
    <div className="grid gap-2">
      <Select value={selected} onValueChange={choose}>
        <SelectTrigger className="w-full" {...trigger}>
          <SelectValue placeholder="Select a time" />
        </SelectTrigger>
        <SelectContent>
          {GAME_TIME_PRESETS.map((preset) => (
            <SelectItem key={preset.id} value={preset.id}>
              {preset.label}
            </SelectItem>
          ))}
          <SelectItem value={CUSTOM_PRESET}>Custom</SelectItem>
        </SelectContent>
      </Select>
      {selected === CUSTOM_PRESET ? (
        <div className="grid gap-1.5">
          <Label htmlFor={customId} className="text-xs font-normal text-muted-foreground">
            Custom date and time
          </Label>
          <Input
            id={customId}
            type="datetime-local"
            value={toDateTimeLocal(value)}
            aria-invalid={invalid}
            aria-describedby={trigger["aria-describedby"]}
            onChange={(event) => onChange(fromDateTimeLocal(event.target.value)?.toISOString() ?? "")}
          />
        </div>
      ) : value ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          Kickoff: {formatKickoff(value)}
        </p>
      ) : null}
    </div>
  );
}
