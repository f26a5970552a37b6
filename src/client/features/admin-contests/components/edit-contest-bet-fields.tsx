import type { UseFormReturn } from "react-hook-form";
import { DEFAULT_BET, type Contest, type EditContestBody, type EditContestForm } from "@/contracts/contests";
import { FormField } from "@/client/components/ui/form";
import { LabeledField } from "@/client/components/labeled-field";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { FreeContestSwitch } from "@/client/components/free-contest-switch";
import type { EditableTerms } from "../contests";

/** Free Contest, and the weekly bet of a contest that is not free: switched back, it is the old one. */
export function EditContestBetFields({
  form,
  contest,
  isFree,
  terms,
}: {
  form: UseFormReturn<EditContestForm, unknown, EditContestBody>;
  contest: Contest;
  isFree: boolean;
  terms: EditableTerms;
}) {
  return (
    <>
      <FormField
        control={form.control}
        name="isFree"
        render={({ field }) => (
          <FreeContestSwitch
            checked={field.value}
            disabled={!terms.editable}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              const amount = contest.isFree ? DEFAULT_BET : contest.betAmount;
              form.setValue("betAmount", checked ? 0 : amount, { shouldValidate: true });
            }}
          />
        )}
      />

      {isFree ? null : (
        <LabeledField
          control={form.control}
          name="betAmount"
          label="Amount per week ($)"
          description={terms.betNote ?? undefined}
        >
          {(field) => <NumberFieldInput field={field} min={0} step={5} disabled={!terms.editable} />}
        </LabeledField>
      )}
    </>
  );
}
