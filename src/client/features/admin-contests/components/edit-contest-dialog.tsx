import type { Contest } from "@/contracts/contests";
import { LabeledField } from "@/client/components/labeled-field";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { OPTION_SWITCHES, OptionSwitch } from "@/client/components/option-switches";
import { PostseasonBets, PostseasonSwitch } from "@/client/components/postseason-fields";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Form, FormField } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { useEditContestForm } from "../use-edit-contest-form";
import { EditContestBetFields } from "./edit-contest-bet-fields";
import { EditContestRoundsField } from "./edit-contest-rounds-field";

/**
 * "Edit Contest" (admins): name, description, picks per week or rounds, the weekly tiebreaker, the
 * lock of the week, the pot's rollover, the postseason and its rounds' bets, and the bet, checked
 * by the shared schema.
 */
export function EditContestDialog({
  contest,
  open,
  onOpenChange,
}: {
  contest: Contest | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[80vh] overflow-y-auto sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Edit Contest</DialogTitle>
          <DialogDescription>
            Change the contest's name, description, picks per week or rounds, and bet.
          </DialogDescription>
        </DialogHeader>
        {/* The dialog's content mounts on each opening: the form starts from the contest as it is now. */}
        {contest ? <EditContestFields contest={contest} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** When a change of the weekly options applies (the server's rule). */
const OPTION_NOTE = "Applies from the contest's next week without picks.";

function EditContestFields({ contest, onDone }: { contest: Contest; onDone(): void }) {
  const { form, isFree, hasRounds, postseason, bet, terms, postseasonTerms, serverError, submit, pending } =
    useEditContestForm(contest, onDone);

  return (
    <>
      <Form {...form}>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <LabeledField control={form.control} name="name" label="Contest Name">
            {(field) => <Input autoComplete="off" {...field} />}
          </LabeledField>

          <LabeledField control={form.control} name="description" label="Description">
            {(field) => <Textarea rows={3} {...field} value={field.value ?? ""} />}
          </LabeledField>

          {terms.note ? (
            <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
              {terms.note}
            </p>
          ) : null}

          <EditContestRoundsField form={form} contest={contest} editable={terms.editable} />

          {hasRounds ? null : (
            <LabeledField
              control={form.control}
              name="maxPicksPerPlayer"
              label="Max Picks Per Player"
              description="Picks each player makes every week."
            >
              {(field) => (
                <NumberFieldInput field={field} min={1} max={16} step={1} disabled={!terms.editable} />
              )}
            </LabeledField>
          )}

          {OPTION_SWITCHES.map(({ option }) => (
            <FormField
              key={option}
              control={form.control}
              name={option}
              render={({ field }) => (
                <OptionSwitch
                  option={option}
                  checked={field.value ?? false}
                  disabled={!terms.editable}
                  note={OPTION_NOTE}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          ))}

          <FormField
            control={form.control}
            name="postseason"
            render={({ field }) => (
              <PostseasonSwitch
                checked={field.value ?? false}
                disabled={!postseasonTerms.editable}
                note={postseasonTerms.note}
                onCheckedChange={field.onChange}
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
                  bet={bet}
                  disabled={!postseasonTerms.editable}
                  error={fieldState.error}
                />
              )}
            />
          ) : null}

          <EditContestBetFields form={form} contest={contest} isFree={isFree} terms={terms} />

          {serverError ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              {serverError}
            </p>
          ) : null}

          <DialogFooter className="pt-2">
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  );
}
