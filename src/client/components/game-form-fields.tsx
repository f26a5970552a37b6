import type { ReactNode } from "react";
import { useWatch, type Control } from "react-hook-form";
import { gameStatus } from "@/contracts/games";
import { LabeledField } from "@/client/components/labeled-field";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { GAME_STATUS_LABEL } from "@/client/lib/games";
import { cn } from "@/client/lib/utils";
import {
  GAME_FORM_MAX_WEEK,
  spreadFavorite,
  type GameFormOutput,
  type GameFormValues,
  type GameFormVariant,
} from "@/client/lib/game-form";
import { GameTimePicker } from "./game-time-picker";
import { TeamSelect } from "./team-select";

type GameControl = Control<GameFormValues, unknown, GameFormOutput>;

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
      <FavoriteField control={control} />
      {withStatus ? (
        <FormField
          control={control}
          name="status"
          render={({ field }) => (
            <FormItem className="content-start">
              <FormLabel>Status</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {gameStatus.options.map((status) => (
                    <SelectItem key={status} value={status}>
                      {GAME_STATUS_LABEL[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
      ) : null}
      {children}
    </div>
  );
}

/** SPEC.md section 4: automatic from the spread, or overridden to the home or the away team. */
function FavoriteField({ control }: { control: GameControl }) {
  const [homeTeam, awayTeam, spread] = useWatch({ control, name: ["homeTeam", "awayTeam", "spread"] });
  const home = homeTeam || "Home";
  const away = awayTeam || "Away";
  const spreadText = spread === null || spread === undefined ? "" : String(spread);
  const derived = spreadFavorite(home, away, spreadText);
  return (
    <FormField
      control={control}
      name="favorite"
      render={({ field }) => (
        <FormItem className="content-start">
          <FormLabel>Favorite</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value="auto">Automatic ({derived ?? "none"})</SelectItem>
              <SelectItem value="home">Home{homeTeam ? ` (${homeTeam})` : ""}</SelectItem>
              <SelectItem value="away">Away{awayTeam ? ` (${awayTeam})` : ""}</SelectItem>
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
