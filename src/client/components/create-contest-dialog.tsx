import { useId, useMemo } from "react";
import { CalendarClock } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { z } from "zod";
import {
  createContestForm,
  DEFAULT_BET,
  DEFAULT_MAX_PICKS,
  type Contest,
  type CreateContestBody,
  type CreateContestForm,
} from "@/contracts/contests";
import type { NextSeason } from "@/contracts/season";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
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
import { LabeledField } from "@/client/components/labeled-field";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage, showIssuesAtFields } from "@/client/lib/api";
import { useCreateContest } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useSeason } from "@/client/lib/queries/season";
import { formatDate } from "@/client/lib/format";
import { defaultRounds, firstRoundsError } from "@/client/lib/rounds";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { RoundsEditor } from "@/client/components/rounds-editor";

type FormValues = z.output<typeof createContestForm>;

const PASSWORD_REQUIRED = "Contest creation password is required";
const NOT_YOURSELF = "You cannot challenge yourself.";

/**
 * The form's checks for this user: non-admins must give the contest creation password an admin
 * has set, and nobody may challenge their own e-mail (the server refuses both too).
 */
function resolverFor(user: { email: string; isAdmin: boolean } | null) {
  const ownEmail = user?.email.trim().toLowerCase();
  const schema = createContestForm.extend({
    player2Email: createContestForm.shape.player2Email.refine((value) => value !== ownEmail, NOT_YOURSELF),
    ...(user?.isAdmin
      ? {}
      : {
          contestCreationPassword: z.string({ error: PASSWORD_REQUIRED }).trim().min(1, PASSWORD_REQUIRED),
        }),
  });
  return zodResolver(schema) as Resolver<CreateContestForm, unknown, FormValues>;
}

/** The fields a refusal of the server may name, shown at the field rather than in a toast. */
const serverCheckedFields = [
  "name",
  "description",
  "player2Email",
  "defaultBetAmount",
  "maxPicksPerPlayer",
  "rounds",
] as const;

const emptyForm: CreateContestForm = {
  name: "",
  description: "",
  player2Email: "",
  isFree: false,
  defaultBetAmount: DEFAULT_BET,
  useCustomRounds: false,
  maxPicksPerPlayer: DEFAULT_MAX_PICKS,
  contestCreationPassword: "",
};

/**
 * The request SPEC section 7 describes: status pending, week 1, password only from non-admins;
 * between seasons, the next season (`season`).
 */
export function toCreateContestBody(
  values: FormValues,
  isAdmin: boolean,
  season?: number,
): CreateContestBody {
  return {
    ...(season === undefined ? {} : { season }),
    name: values.name,
    description: values.description ?? "",
    player2Email: values.player2Email,
    defaultBetAmount: values.isFree ? 0 : values.defaultBetAmount,
    currentWeek: 1,
    status: "pending",
    ...(isAdmin ? {} : { contestCreationPassword: values.contestCreationPassword }),
    ...(values.useCustomRounds
      ? { rounds: values.rounds ?? defaultRounds() }
      : { maxPicksPerPlayer: values.maxPicksPerPlayer }),
  };
}

/**
 * Between seasons: the season on the clock has no week left to play, so the contest is offered for
 * the next one, from its week 1.
 */
function NextSeasonNotice({ ended, next }: { ended: number; next: NextSeason }) {
  return (
    <Alert role="note" className="border-primary/40 bg-primary/5">
      <CalendarClock aria-hidden="true" />
      <AlertTitle>The {ended} season is over</AlertTitle>
      <AlertDescription>
        <p>
          {next.firstKickoff
            ? `The ${next.season} season starts on ${formatDate(next.firstKickoff)}.`
            : `The ${next.season} season's schedule is not loaded yet.`}{" "}
          This contest will be for the {next.season} season, from its week 1.
        </p>
      </AlertDescription>
    </Alert>
  );
}

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
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin ?? false;
  const createContest = useCreateContest();
  const resolver = useMemo(() => resolverFor(user), [user]);
  const form = useForm<CreateContestForm, unknown, FormValues>({ resolver, defaultValues: emptyForm });
  const isFree = useWatch({ control: form.control, name: "isFree" });
  const useCustomRounds = useWatch({ control: form.control, name: "useCustomRounds" });
  const roundsNoteId = useId();
  const seasonInfo = useSeason();
  const next = seasonInfo.data?.nextSeason ?? null;

  const changeOpen = (next: boolean) => {
    if (!next) form.reset(emptyForm);
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    createContest.mutate(toCreateContestBody(values, isAdmin, next?.season), {
      onSuccess: (contest) => {
        toast({ title: "Contest Created", description: "Your contest has been created successfully!" });
        changeOpen(false);
        onCreated?.(contest);
      },
      onError: (error) => {
        if (showIssuesAtFields(error, serverCheckedFields, form.setError)) return;
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to create contest"),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[80vh] overflow-y-auto sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Create New Contest</DialogTitle>
          <DialogDescription>
            Create a head-to-head football pool contest with another player.
          </DialogDescription>
        </DialogHeader>

        {next && seasonInfo.data ? <NextSeasonNotice ended={seasonInfo.data.season} next={next} /> : null}

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
                      checked={field.value ?? false}
                      onCheckedChange={(checked) => {
                        field.onChange(checked);
                        form.setValue("defaultBetAmount", checked ? 0 : DEFAULT_BET, {
                          shouldValidate: true,
                        });
                      }}
                    />
                  </FormControl>
                </FormItem>
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

            <FormField
              control={form.control}
              name="useCustomRounds"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
                  <div className="space-y-0.5">
                    <FormLabel>Custom Rounds</FormLabel>
                    <FormDescription>Take turns round by round instead of all at once.</FormDescription>
                  </div>
                  <FormControl>
                    <Switch
                      checked={field.value ?? false}
                      onCheckedChange={(checked) => {
                        field.onChange(checked);
                        form.setValue("rounds", checked ? defaultRounds() : undefined);
                      }}
                    />
                  </FormControl>
                </FormItem>
              )}
            />

            {useCustomRounds ? (
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
                    {fieldState.error ? (
                      <p className="text-sm text-destructive" role="alert">
                        {firstRoundsError(fieldState.error)}
                      </p>
                    ) : null}
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

            {isAdmin ? null : (
              <FormField
                control={form.control}
                name="contestCreationPassword"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Contest Creation Password</FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="off" {...field} value={field.value ?? ""} />
                    </FormControl>
                    <FormDescription>Ask an administrator for it.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}

            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={createContest.isPending}>
                {createContest.isPending
                  ? "Creating..."
                  : next
                    ? `Create for the ${next.season} Season`
                    : "Create Contest"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
