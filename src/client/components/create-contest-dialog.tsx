import type { Contest } from "@/contracts/contests";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { CreateContestBetFields } from "@/client/components/create-contest-bet-fields";
import { CreateContestRoundsFields } from "@/client/components/create-contest-rounds-fields";
import { CreateContestPostseasonFields } from "@/client/components/create-contest-postseason-fields";
import { CreateContestWeeksFields } from "@/client/components/create-contest-weeks-fields";
import { LabeledField } from "@/client/components/labeled-field";
import { NextSeasonNotice } from "@/client/components/next-season-notice";
import { OPTION_SWITCHES, OptionSwitch } from "@/client/components/option-switches";
import { useCreateContestForm } from "@/client/components/use-create-contest-form";

/**
 * "Create New Contest": challenge another player by e-mail. Closes itself on success, then
 * `onCreated` runs with the new contest (My Contests opens it).
 */
export function CreateContestDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(contest: Contest): void;
}) {
  const {
    form,
    needsPassword,
    closed,
    isFree,
    customRounds,
    postseason,
    between,
    next,
    openWeek,
    changeOpen,
    submit,
    pending,
  } = useCreateContestForm({ onOpenChange, onCreated });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[80vh] overflow-y-auto sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Create New Contest</DialogTitle>
          <DialogDescription>
            Create a head-to-head football pool contest with another player.
          </DialogDescription>
        </DialogHeader>

        {between ? <NextSeasonNotice ended={between.ended} next={between.next} /> : null}

        <Form {...form}>
          <form className="space-y-4" onSubmit={submit} noValidate>
            <LabeledField control={form.control} name="name" label="Contest Name">
              {(field) => <Input placeholder="e.g. Sunday Showdown" autoComplete="off" {...field} />}
            </LabeledField>

            <LabeledField control={form.control} name="description" label="Description">
              {(field) => (
                <Textarea
                  placeholder="Optional: stakes, house rules, trash talk..."
                  rows={3}
                  {...field}
                  value={field.value ?? ""}
                />
              )}
            </LabeledField>

            <LabeledField
              control={form.control}
              name="player2Email"
              label="Opponent's Email"
              description="They don't need an account yet."
            >
              {(field) => (
                <Input type="email" placeholder="opponent@example.com" autoComplete="off" {...field} />
              )}
            </LabeledField>

            <CreateContestWeeksFields form={form} open={openWeek} />
            <CreateContestBetFields form={form} isFree={isFree} />
            <CreateContestRoundsFields form={form} customRounds={customRounds} />

            {OPTION_SWITCHES.map(({ option }) => (
              <FormField
                key={option}
                control={form.control}
                name={option}
                render={({ field }) => (
                  <OptionSwitch
                    option={option}
                    checked={field.value ?? false}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            ))}

            <CreateContestPostseasonFields form={form} postseason={postseason} isFree={isFree} />

            {!needsPassword ? null : (
              <FormField
                control={form.control}
                name="contestCreationPassword"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Contest Creation Password</FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="off" {...field} value={field.value ?? ""} />
                    </FormControl>
                    <FormDescription>
                      {closed
                        ? "Contest creation is not open yet: an administrator opens it to every player or sets this password."
                        : "Ask an administrator for it."}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}

            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? "Creating..." : next ? `Create for the ${next.season} Season` : "Create Contest"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
