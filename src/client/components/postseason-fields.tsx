import { useId } from "react";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { SwitchRow } from "@/client/components/switch-row";
import { firstRoundsError } from "@/client/lib/rounds";
import { formatDollars } from "@/client/lib/format";
import { MAX_MULTIPLIER, PLAIN_MULTIPLIERS, POSTSEASON_WEEKS } from "@/domain/postseason";

const POSTSEASON_DESCRIPTION =
  "After week 18, play on through the Wild Card round, the Divisional round, the conference championships and the Super Bowl.";

/**
 * The postseason on or off (docs/rules.md, "The postseason"). Render it inside the postseason
 * field's FormField; `note` follows the description (Edit Contest says why it cannot change).
 */
export function PostseasonSwitch({
  note,
  ...props
}: {
  checked: boolean;
  disabled?: boolean;
  note?: string | null;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <SwitchRow
      label="Postseason"
      description={note ? `${POSTSEASON_DESCRIPTION} ${note}` : POSTSEASON_DESCRIPTION}
      {...props}
    />
  );
}

const MULTIPLIERS = Array.from({ length: MAX_MULTIPLIER }, (_, index) => index + 1);

/** "2×", or with the weekly bet "2× ($20)". */
const multiplierText = (multiplier: number, bet: number | undefined) =>
  bet ? `${multiplier}× (${formatDollars(multiplier * bet)})` : `${multiplier}×`;

/**
 * "Postseason bets": the bet's multiplier in each round, Wild Card first, 1× to 10×. Render it
 * inside the postseasonMultipliers field's FormField, with the field's error (one round's, or the
 * server's).
 */
export function PostseasonBets({
  value,
  onChange,
  bet,
  disabled,
  error,
}: {
  value: readonly number[] | undefined;
  onChange: (multipliers: number[]) => void;
  /** The weekly bet, for each choice's amount; none shown without it. */
  bet?: number;
  disabled?: boolean;
  error?: unknown;
}) {
  const id = useId();
  const multipliers = value ?? PLAIN_MULTIPLIERS;
  const message = error ? firstRoundsError(error) : undefined;
  return (
    <fieldset
      className="rounded-lg border p-3"
      aria-describedby={`${id}-note${message ? ` ${id}-error` : ""}`}
    >
      {/* Floated, the legend sits inside the box as the switches' labels do, not on its border. */}
      <legend className="float-left w-full text-sm font-medium">Postseason bets</legend>
      <p id={`${id}-note`} className="clear-left pt-0.5 text-sm text-muted-foreground">
        Each round's bet is the weekly bet times its multiplier.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {POSTSEASON_WEEKS.map((round, index) => (
          <div key={round.week} className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-${round.week}`} className="leading-snug">
              {round.name}
            </Label>
            <Select
              value={String(multipliers[index] ?? 1)}
              disabled={disabled}
              onValueChange={(choice) =>
                onChange(multipliers.map((old, at) => (at === index ? Number(choice) : old)))
              }
            >
              <SelectTrigger id={`${id}-${round.week}`} className="w-full" aria-invalid={Boolean(message)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MULTIPLIERS.map((multiplier) => (
                  <SelectItem key={multiplier} value={String(multiplier)}>
                    {multiplierText(multiplier, bet)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ))}
      </div>
      {message ? (
        <p id={`${id}-error`} className="mt-3 text-sm text-destructive" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
