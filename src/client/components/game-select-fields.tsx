import { useWatch, type Control } from "react-hook-form";
import { gameStatus } from "@/contracts/games";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { GAME_STATUS_LABEL } from "@/client/lib/games";
import { spreadFavorite, type GameFormOutput, type GameFormValues } from "@/client/lib/game-form";

export type GameControl = Control<GameFormValues, unknown, GameFormOutput>;

/** A choice among a few values of the game form, by a select with its label and message. */
function GameSelectField({
  control,
  name,
  label,
  options,
}: {
  control: GameControl;
  name: "status" | "favorite";
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="content-start">
          <FormLabel>{label}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const STATUS_OPTIONS = gameStatus.options.map((status) => ({
  value: status,
  label: GAME_STATUS_LABEL[status],
}));

/** A game's status (upcoming, live, final, postponed), for editing only. */
export function GameStatusField({ control }: { control: GameControl }) {
  return <GameSelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />;
}

/** The favorite: automatic from the spread (named as it stands), or the home or the away team. */
export function GameFavoriteField({ control }: { control: GameControl }) {
  const [homeTeam, awayTeam, spread] = useWatch({ control, name: ["homeTeam", "awayTeam", "spread"] });
  const home = homeTeam || "Home";
  const away = awayTeam || "Away";
  const spreadText = spread === null || spread === undefined ? "" : String(spread);
  const derived = spreadFavorite(home, away, spreadText);
  return (
    <GameSelectField
      control={control}
      name="favorite"
      label="Favorite"
      options={[
        { value: "auto", label: `Automatic (${derived ?? "none"})` },
        { value: "home", label: `Home${homeTeam ? ` (${homeTeam})` : ""}` },
        { value: "away", label: `Away${awayTeam ? ` (${awayTeam})` : ""}` },
      ]}
    />
  );
}
