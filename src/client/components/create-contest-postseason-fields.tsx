import { useWatch, type UseFormReturn } from "react-hook-form";
import { SEASON_WEEKS, type CreateContestForm } from "@/contracts/contests";
import { FormField } from "@/client/components/ui/form";
import { PostseasonBets, PostseasonSwitch } from "@/client/components/postseason-fields";
import type { CreateContestValues } from "@/client/components/use-create-contest-form";

/**
 * The Postseason switch and, once it is on, the postseason rounds' bets (not for a free contest).
 * Turned on, the contest's last week becomes 18: the postseason's rounds follow it.
 */
export function CreateContestPostseasonFields({
  form,
  postseason,
  isFree,
}: {
  form: UseFormReturn<CreateContestForm, unknown, CreateContestValues>;
  postseason: boolean | undefined;
  isFree: boolean | undefined;
}) {
  const bet = useWatch({ control: form.control, name: "defaultBetAmount" });
  return (
    <>
      <FormField
        control={form.control}
        name="postseason"
        render={({ field }) => (
          <PostseasonSwitch
            checked={field.value ?? false}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              if (checked) {
                form.setValue("lastWeek", SEASON_WEEKS);
                form.clearErrors("lastWeek");
              }
            }}
          />
        )}
      />

      {postseason && !isFree ? (
        <FormField
          control={form.control}
          name="postseasonMultipliers"
          render={({ field, fieldState }) => (
            <PostseasonBets
              value={field.value}
              onChange={field.onChange}
              bet={typeof bet === "number" && bet > 0 ? bet : undefined}
              error={fieldState.error}
            />
          )}
        />
      ) : null}
    </>
  );
}
