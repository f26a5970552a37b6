import { useId } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { BET_STEP } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import { Button } from "@/client/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import {
  amountText,
  betEditorDefaults,
  betEditorForm,
  numberOrUndefined,
  type BetEditorForm,
} from "@/client/lib/bets";
import { useSetBet } from "@/client/lib/queries/bets";
import { weekPhrase } from "@/client/lib/week-names";

/**
 * The pencil's inline editor: Free, or an amount per week. Saving sets the bet from the contest's
 * current week on (earlier weeks keep their pots) and records it in the contest's bet history.
 */
export function BetEditor({ contest, onDone }: { contest: Contest; onDone(): void }) {
  const form = useForm<BetEditorForm>({
    resolver: zodResolver(betEditorForm),
    defaultValues: betEditorDefaults(contest),
  });
  const isFree = useWatch({ control: form.control, name: "isFree" });
  const setBet = useSetBet();
  const noteId = useId();

  const submit = form.handleSubmit((values) =>
    setBet.mutate(
      { contestId: contest.id, isFree: values.isFree, ...(values.isFree ? {} : { amount: values.amount }) },
      {
        onSuccess: (updated) => {
          toast({
            title: "Bet Updated",
            description: `${contest.name} is now ${amountText(updated.betAmount)} from ${weekPhrase(updated.currentWeek, true)} on.`,
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: "Update Failed",
            description: errorMessage(error, "Failed to update the bet."),
            variant: "destructive",
          }),
      },
    ),
  );

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={`Edit bet of ${contest.name}`}
        aria-describedby={noteId}
        className="space-y-3 rounded-lg border bg-muted/40 p-3"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField
            control={form.control}
            name="isFree"
            render={({ field }) => (
              <FormItem className="flex flex-row items-center gap-3 sm:pt-7">
                <FormControl>
                  <Switch checked={field.value} onCheckedChange={field.onChange} />
                </FormControl>
                <FormLabel className="font-normal">Free Contest</FormLabel>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="amount"
            render={({ field }) => (
              <FormItem className="sm:w-44">
                <FormLabel>Amount per week</FormLabel>
                <FormControl>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={BET_STEP}
                    disabled={isFree}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={
                      isFree
                        ? 0
                        : field.value !== undefined && Number.isFinite(field.value)
                          ? field.value
                          : ""
                    }
                    onChange={(event) => field.onChange(numberOrUndefined(event.target.value))}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex gap-2 sm:ml-auto sm:pt-[1.375rem]">
            <Button type="submit" size="sm" disabled={setBet.isPending}>
              {setBet.isPending ? "Saving..." : "Save"}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </div>
        <p id={noteId} className="text-xs text-muted-foreground">
          Applies from {weekPhrase(contest.currentWeek, true)} on; earlier weeks keep their pots.
        </p>
      </form>
    </Form>
  );
}
