import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { Game } from "@/contracts/games";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Form } from "@/client/components/ui/form";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useUpdateGame } from "@/client/lib/queries/games";
import {
  editGameForm,
  gameBodyOf,
  gameFormValuesOf,
  type GameFormOutput,
  type GameFormValues,
} from "../game-form";
import { matchupOf } from "../games-admin";
import { GameFormFields } from "./game-form-fields";

/** The Edit Game dialog: the full game form (weeks 1 to 22, seasons 2020 to 2030, status). */
export function EditGameDialog({
  game,
  open,
  onOpenChange,
}: {
  game: Game | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Game</DialogTitle>
          <DialogDescription>
            {game ? `${matchupOf(game)}, week ${game.week} of ${game.season}. ` : null}
            Change the teams, the kickoff, the lines or the status.
          </DialogDescription>
        </DialogHeader>
        {game ? <EditGameForm key={game.id} game={game} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditGameForm({ game, onDone }: { game: Game; onDone(): void }) {
  const update = useUpdateGame();
  const form = useForm<GameFormValues, unknown, GameFormOutput>({
    resolver: zodResolver(editGameForm),
    defaultValues: gameFormValuesOf(game),
  });

  const submit = (values: GameFormOutput) =>
    update.mutateAsync({ id: game.id, ...gameBodyOf(values) }).then(
      () => {
        toast({ title: "Game Updated Successfully" });
        onDone();
      },
      (error: unknown) =>
        toast({
          title: "Error Updating Game",
          description: errorMessage(error, "Failed to update game. Please try again."),
          variant: "destructive",
        }),
    );

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Edit Game" className="grid gap-6">
        <GameFormFields control={form.control} variant="edit" className="grid-cols-1 sm:grid-cols-2" />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={update.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
