import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { LabeledField } from "@/client/components/labeled-field";
import { Input } from "@/client/components/ui/input";
import { cn } from "@/client/lib/utils";
import { GAME_FORM_MAX_WEEK, type GameFormVariant } from "@/client/lib/game-form";
import { GameFavoriteField, GameStatusField, type GameControl } from "./game-select-fields";
import { GameTimePicker } from "./game-time-picker";
import { TeamSelect } from "./team-select";

/**
 * The fields of the game form, shared by the inline add form of the games screen and the Add Game
 * and Edit Game dialogs. The inline form takes weeks 1 to 18, the dialogs 1 to 22. Only editing
 * shows the status: a game is added as upcoming.
 */
export function GameFormFields({
  control,
  variant,
  withStatus = false,
  className,
  children,
}: {
  control: GameControl;
  variant: GameFormVariant;
  withStatus?: boolean;
  className?: string;
  /** Laid out after the fields, in the same grid (the inline form's button). */
  children?: ReactNode;
}) {
  const maxWeek = GAME_FORM_MAX_WEEK[variant];
  // The time picker's presets fall in the week of the season the form names.
  const [week, season] = useWatch({ control, name: ["week", "season"] });
  return (
    <div className={cn("grid gap-4", className)}>
      <LabeledField control={control} name="week" label="Week">
        {(field) => (
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={maxWeek}
            placeholder={`1-${maxWeek}`}
            {...field}
          />
        )}
      </LabeledField>
      <LabeledField control={control} name="season" label="Season">
        {(field) => <Input type="number" inputMode="numeric" min={2020} max={2030} {...field} />}
      </LabeledField>
      <LabeledField control={control} name="awayTeam" label="Away team">
        {(field) => (
          <TeamSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
        )}
      </LabeledField>
      <LabeledField control={control} name="homeTeam" label="Home team">
        {(field) => (
          <TeamSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
        )}
      </LabeledField>
      <LabeledField
        control={control}
        name="gameDate"
        label="Game time"
        className="content-start sm:col-span-2"
      >
        {(field) => (
          <GameTimePicker
            value={field.value}
            onChange={field.onChange}
            week={week}
            season={season}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      </LabeledField>
      <LabeledField
        control={control}
        name="spread"
        label="Spread"
        description="Negative: the home team is favored"
      >
        {(field) => (
          <Input
            type="number"
            inputMode="decimal"
            step={0.5}
            placeholder="-3.5"
            {...field}
            value={field.value ?? ""}
          />
        )}
      </LabeledField>
      <LabeledField control={control} name="overUnder" label="Over/Under">
        {(field) => (
          <Input
            type="number"
            inputMode="decimal"
            step={0.5}
            min={20}
            max={80}
            placeholder="44.5"
            {...field}
            value={field.value ?? ""}
          />
        )}
      </LabeledField>
      <GameFavoriteField control={control} />
      {withStatus ? <GameStatusField control={control} /> : null}
      {children}
    </div>
  );
}
