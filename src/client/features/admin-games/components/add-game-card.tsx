import { useEffect } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import type { Game } from "@/contracts/games";
import { GameFormFields } from "@/client/components/game-form-fields";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Form } from "@/client/components/ui/form";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import {
  emptyGameForm,
  gameBodyOf,
  inlineGameForm,
  type GameFormOutput,
  type GameFormValues,
} from "@/client/lib/game-form";
import { useCreateGame } from "@/client/lib/queries/games";

/** The inline add form: week 1 to 18, season required, new games upcoming. */
export function AddGameCard({ season, onAdded }: { season: number | undefined; onAdded(game: Game): void }) {
  const create = useCreateGame();
  const form = useForm<GameFormValues, unknown, GameFormOutput>({
    resolver: zodResolver(inlineGameForm),
    defaultValues: emptyGameForm(season),
  });

  // The season of the data arrives after the first render: fill it in unless the admin typed one.
  useEffect(() => {
    if (season !== undefined && !form.getFieldState("season").isDirty && !form.getValues("season")) {
      form.setValue("season", String(season));
    }
  }, [season, form]);

  const submit = (values: GameFormOutput) =>
    create.mutateAsync(gameBodyOf({ ...values, status: "upcoming" })).then(
      (game) => {
        toast({
          title: "Game added successfully",
          description: "The new game has been added to the system.",
        });
        // Ready for the next game of the same slate: keep week, season and time.
        form.reset({ ...emptyGameForm(values.season), week: String(values.week), gameDate: values.gameDate });
        onAdded(game);
      },
      (error: unknown) =>
        toast({
          title: "Error adding game",
          description: errorMessage(error, "Failed to add game. Please try again."),
          variant: "destructive",
        }),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Add Game</h2>
        </CardTitle>
        <CardDescription>Add one game to the schedule. New games start as upcoming.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Add Game">
            <GameFormFields control={form.control} variant="inline" className="sm:grid-cols-2 lg:grid-cols-4">
              <div className="flex items-end justify-end lg:col-span-3">
                <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
                  {create.isPending ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Plus aria-hidden="true" />
                  )}
                  {create.isPending ? "Adding..." : "Add Game"}
                </Button>
              </div>
            </GameFormFields>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
