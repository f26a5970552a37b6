import type { UseFormReturn } from "react-hook-form";
import type { Contest, EditContestBody, EditContestForm } from "@/contracts/contests";
import { FormField } from "@/client/components/ui/form";
import { RoundsEditor } from "@/client/components/rounds-editor";
import { RoundsError } from "@/client/components/rounds-error";
import { SwitchRow } from "@/client/components/switch-row";
import { defaultRounds } from "@/client/lib/rounds";

/** Custom Rounds on or off, and the rounds while on: on again, the contest's own rounds come back. */
export function EditContestRoundsField({
  form,
  contest,
  editable,
}: {
  form: UseFormReturn<EditContestForm, unknown, EditContestBody>;
  contest: Contest;
  editable: boolean;
}) {
  return (
    <FormField
      control={form.control}
      name="rounds"
      render={({ field, fieldState }) => (
        <>
          <SwitchRow
            label="Custom Rounds"
            description="Changes apply from the contest's next week without picks."
            checked={Boolean(field.value)}
            disabled={!editable}
            onCheckedChange={(checked) =>
              field.onChange(checked ? (contest.rounds ?? defaultRounds()) : null)
            }
          />
          {field.value ? (
            <div className="space-y-2">
              <RoundsEditor
                value={field.value}
                onChange={(next) => field.onChange(next)}
                player1Label="Player 1"
                player2Label="Player 2"
                invalid={Boolean(fieldState.error)}
              />
              <RoundsError error={fieldState.error} />
            </div>
          ) : null}
        </>
      )}
    />
  );
}
