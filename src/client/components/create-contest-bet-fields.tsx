import type { UseFormReturn } from "react-hook-form";
import { DEFAULT_BET, type CreateContestForm } from "@/contracts/contests";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { FreeContestSwitch } from "@/client/components/free-contest-switch";
import type { CreateContestValues } from "@/client/components/use-create-contest-form";

/** Free Contest, and the weekly bet of a contest that is not free. */
export function CreateContestBetFields({
  form,
  isFree,
}: {
  form: UseFormReturn<CreateContestForm, unknown, CreateContestValues>;
  isFree: boolean | undefined;
}) {
  return (
    <>
      <FormField
        control={form.control}
        name="isFree"
        render={({ field }) => (
          <FreeContestSwitch
            checked={field.value ?? false}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              form.setValue("defaultBetAmount", checked ? 0 : DEFAULT_BET, {
                shouldValidate: true,
              });
            }}
          />
        )}
      />

      {isFree ? null : (
        <FormField
          control={form.control}
          name="defaultBetAmount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Default Bet Amount ($ per week)</FormLabel>
              <FormControl>
                <NumberFieldInput field={field} min={1} step={1} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </>
  );
}
