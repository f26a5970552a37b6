import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CreateContestForm } from "@/contracts/contests";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/client/components/ui/form";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { RoundsEditor } from "@/client/components/rounds-editor";
import { RoundsError } from "@/client/components/rounds-error";
import { SwitchRow } from "@/client/components/switch-row";
import type { CreateContestValues } from "@/client/components/use-create-contest-form";
import { defaultRounds } from "@/client/lib/rounds";

/** Custom Rounds, then either the rounds or the picks each player makes every week. */
export function CreateContestRoundsFields({
  form,
  customRounds,
}: {
  form: UseFormReturn<CreateContestForm, unknown, CreateContestValues>;
  customRounds: boolean | undefined;
}) {
  const roundsNoteId = useId();
  return (
    <>
      <FormField
        control={form.control}
        name="useCustomRounds"
        render={({ field }) => (
          <SwitchRow
            label="Custom Rounds"
            description="Take turns round by round instead of all at once."
            checked={field.value ?? false}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              form.setValue("rounds", checked ? defaultRounds() : undefined);
            }}
          />
        )}
      />

      {customRounds ? (
        <FormField
          control={form.control}
          name="rounds"
          render={({ field, fieldState }) => (
            <FormItem>
              <p className="text-sm font-medium">Rounds</p>
              <RoundsEditor
                value={field.value ?? defaultRounds()}
                onChange={(rounds) => field.onChange(rounds)}
                player1Label="You"
                player2Label="Opponent"
                invalid={Boolean(fieldState.error)}
                describedBy={roundsNoteId}
              />
              <FormDescription id={roundsNoteId}>
                In each round the week's first picker picks first.
              </FormDescription>
              <RoundsError error={fieldState.error} />
            </FormItem>
          )}
        />
      ) : (
        <FormField
          control={form.control}
          name="maxPicksPerPlayer"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Max Picks Per Player</FormLabel>
              <FormControl>
                <NumberFieldInput field={field} min={1} step={1} />
              </FormControl>
              <FormDescription>Picks each player makes every week.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </>
  );
}
