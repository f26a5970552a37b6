import { useWatch, type UseFormReturn } from "react-hook-form";
import { SEASON_WEEKS, type CreateContestForm } from "@/contracts/contests";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import type { CreateContestValues } from "@/client/components/use-create-contest-form";
import { lengthText, nflWeeksText } from "@/client/lib/contest-weeks";
import { LAST_WEEK } from "@/domain/postseason";

type WeekName = "firstWeek" | "lastWeek";

function WeekSelect({
  form,
  name,
  label,
  from,
  shown,
  disabled,
  onChosen,
}: {
  form: UseFormReturn<CreateContestForm, unknown, CreateContestValues>;
  name: WeekName;
  label: string;
  from: number;
  /** The week shown while none is chosen (the server's default). */
  shown: number;
  disabled?: boolean;
  onChosen?(week: number): void;
}) {
  const weeks = Array.from({ length: SEASON_WEEKS - from + 1 }, (_, index) => from + index);
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="content-start">
          <FormLabel>{label}</FormLabel>
          <Select
            value={String(disabled ? shown : (field.value ?? shown))}
            disabled={disabled}
            onValueChange={(value) => {
              field.onChange(Number(value));
              onChosen?.(Number(value));
            }}
          >
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {weeks.map((week) => (
                <SelectItem key={week} value={String(week)}>
                  Week {week}
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

/**
 * The NFL weeks the contest runs, first and last, from the first week still open (`open`): "Runs
 * for 6 weeks (NFL weeks 13 to 18)". A last week before the first moves with it. With the
 * postseason the last week is 18 and the postseason's rounds follow it: "Runs for 10 weeks (NFL
 * weeks 13 to 18 and the postseason)".
 */
export function CreateContestWeeksFields({
  form,
  open,
}: {
  form: UseFormReturn<CreateContestForm, unknown, CreateContestValues>;
  open: number;
}) {
  const [firstWeek = open, chosenLast = SEASON_WEEKS, postseason] = useWatch({
    control: form.control,
    name: ["firstWeek", "lastWeek", "postseason"],
  });
  const lastWeek = postseason ? SEASON_WEEKS : Math.max(firstWeek, chosenLast);
  const weeks = { startWeek: firstWeek, totalWeeks: postseason ? LAST_WEEK : lastWeek };
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Weeks</legend>
      <div className="grid grid-cols-2 gap-3">
        <WeekSelect
          form={form}
          name="firstWeek"
          label="First Week"
          from={open}
          shown={firstWeek}
          onChosen={(week) => {
            if (week > chosenLast) form.setValue("lastWeek", week);
          }}
        />
        <WeekSelect
          form={form}
          name="lastWeek"
          label="Last Week"
          from={firstWeek}
          shown={lastWeek}
          disabled={Boolean(postseason)}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Runs for {lengthText(weeks)} ({nflWeeksText(weeks)}).
      </p>
    </fieldset>
  );
}
