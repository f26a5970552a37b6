import { Eye, Lock, Scale, UserCheck } from "lucide-react";
import { NumberFieldInput } from "@/client/components/number-field-input";
import { SeparatedText } from "@/client/components/separated-text";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/client/components/ui/form";
import type { TiebreakCardView } from "../tiebreak-view";
import { useGuessForm, useTiebreaker, type TiebreakerInput } from "../use-tiebreaker";

type Guessing = Extract<TiebreakCardView, { mode: "guess" }>;

/** The player's guess: "Total points" and Save Guess (Change Guess once saved), then the opponent's state. */
function GuessForm({ contestId, week, view }: { contestId: string; week: number; view: Guessing }) {
  const { form, submit, pending } = useGuessForm(contestId, week, view.mine);
  return (
    <Form {...form}>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField
            control={form.control}
            name="guess"
            render={({ field }) => (
              <FormItem className="sm:w-40">
                <FormLabel>Total points</FormLabel>
                <FormControl>
                  <NumberFieldInput field={field} min={0} max={200} step={1} autoComplete="off" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" disabled={pending} className="w-full sm:mt-[1.375rem] sm:w-auto">
            {pending ? "Saving..." : view.button}
          </Button>
        </div>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <UserCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{view.opponent}</span>
        </p>
      </form>
    </Form>
  );
}

/**
 * "Tiebreaker" (a week that plays it): each player guesses the total points of the week's last
 * game, their own until its kickoff; then both guesses. Read only for a viewer who does not play.
 */
export function TiebreakerCard(props: TiebreakerInput) {
  const view = useTiebreaker(props);
  if (!view) return null;
  return (
    <Card role="region" aria-labelledby="tiebreaker-title" className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg leading-snug">
          <h2 id="tiebreaker-title" className="flex items-center gap-2">
            <Scale className="size-5 shrink-0 text-primary" aria-hidden="true" />
            Tiebreaker
          </h2>
        </CardTitle>
        <CardDescription>{view.prompt}</CardDescription>
      </CardHeader>
      <CardContent>
        {view.mode === "guess" ? (
          <GuessForm contestId={props.contest.id} week={props.week} view={view} />
        ) : (
          <p className="flex items-start gap-2 text-sm">
            {view.mode === "locked" ? (
              <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            ) : (
              <Eye className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <span>
              <SeparatedText text={view.line} />
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
