import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import {
  DEFAULT_BET,
  editContestBody,
  type Contest,
  type EditContestBody,
  type EditContestForm,
} from "@/contracts/contests";
import { LabeledField } from "@/client/components/labeled-field";
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
} from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useEditContest } from "@/client/lib/queries/contests";
import { defaultRounds, firstRoundsError } from "@/client/lib/rounds";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { RoundsEditor } from "@/client/components/rounds-editor";
import { editableTerms, editFormOf } from "../contests";

/** "Edit Contest" (admins): name, description, picks per week and bet, checked by the shared schema. */
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

function EditContestFields({ contest, onDone }: { contest: Contest; onDone(): void }) {
  const editContest = useEditContest();
  const form = useForm<EditContestForm, unknown, EditContestBody>({
    resolver: zodResolver(editContestBody),
    defaultValues: editFormOf(contest),
  });
  const isFree = useWatch({ control: form.control, name: "isFree" });
  const rounds = useWatch({ control: form.control, name: "rounds" });
  const terms = editableTerms(contest);
  const serverError = form.formState.errors.root?.server?.message;

  const submit = form.handleSubmit((values) =>
    editContest.mutate(
      { id: contest.id, ...values },
      {
        onSuccess: () => {
          toast({ title: "Contest Updated", description: "The contest has been updated successfully." });
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, "Failed to update contest. Please try again.");
          // Kept in the dialog too, beside the fields to fix: a toast goes away.
          form.setError("root.server", { message });
          toast({ title: "Error", description: message, variant: "destructive" });
        },
      },
    ),
  );

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

          <FormField
            control={form.control}
            name="rounds"
            render={({ field, fieldState }) => (
              <>
                <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
                  <div className="space-y-0.5">
                    <FormLabel>Custom Rounds</FormLabel>
                    <FormDescription>
                      Changes apply from the contest's next week without picks.
                    </FormDescription>
                  </div>
                  <FormControl>
                    <Switch
                      checked={Boolean(field.value)}
                      disabled={!terms.editable}
                      onCheckedChange={(checked) =>
                        field.onChange(checked ? (contest.rounds ?? defaultRounds()) : null)
                      }
                    />
                  </FormControl>
                </FormItem>
                {field.value ? (
                  <div className="space-y-2">
                    <RoundsEditor
                      value={field.value}
                      onChange={(next) => field.onChange(next)}
                      player1Label="Player 1"
                      player2Label="Player 2"
                      invalid={Boolean(fieldState.error)}
                    />
                    {fieldState.error ? (
                      <p className="text-sm text-destructive" role="alert">
                        {firstRoundsError(fieldState.error)}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </>
            )}
          />

          {rounds ? null : (
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

          <FormField
            control={form.control}
            name="isFree"
            render={({ field }) => (
              <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
                <div className="space-y-0.5">
                  <FormLabel>Free Contest</FormLabel>
                  <FormDescription>Play for bragging rights, no weekly bet.</FormDescription>
                </div>
                <FormControl>
                  <Switch
                    checked={field.value}
                    disabled={!terms.editable}
                    onCheckedChange={(checked) => {
                      field.onChange(checked);
                      const amount = contest.isFree ? DEFAULT_BET : contest.betAmount;
                      form.setValue("betAmount", checked ? 0 : amount, { shouldValidate: true });
                    }}
                  />
                </FormControl>
              </FormItem>
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
            <Button type="submit" disabled={editContest.isPending}>
              {editContest.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  );
}
