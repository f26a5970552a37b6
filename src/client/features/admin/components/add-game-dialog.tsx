import { useEffect } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { GameDialogForm } from "@/client/components/game-dialog-form";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import {
  addDialogStart,
  dialogGameForm,
  emptyGameForm,
  gameAddedText,
  gameBodyOf,
  type GameFormOutput,
  type GameFormValues,
} from "@/client/lib/game-form";
import { useCreateGame } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import { serverDate } from "@/client/lib/server-clock";

/** The overview's Weekly Games quick-add: one game, added as upcoming. */
export function AddGameDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Game</DialogTitle>
          <DialogDescription>Add one game to the schedule. New games start as upcoming.</DialogDescription>
        </DialogHeader>
        {/* The content mounts on opening: each opening starts from a blank form. */}
        <AddGameForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function startValues(start: { week: number; season: number }): GameFormValues {
  return { ...emptyGameForm(start.season), week: String(start.week) };
}

function AddGameForm({ onDone }: { onDone(): void }) {
  const create = useCreateGame();
  const season = useSeason();
  const form = useForm<GameFormValues, unknown, GameFormOutput>({
    resolver: zodResolver(dialogGameForm),
    defaultValues: startValues(addDialogStart(season.data, serverDate())),
  });

  // Opened before the season arrived: move to the server's week unless the admin typed one already.
  const known = season.data;
  useEffect(() => {
    if (!known) return;
    const start = startValues(addDialogStart(known, serverDate()));
    for (const name of ["week", "season"] as const) {
      if (!form.getFieldState(name).isDirty) form.setValue(name, start[name]);
    }
  }, [known, form]);

  const submit = (values: GameFormOutput) => {
    const body = gameBodyOf({ ...values, status: "upcoming" });
    return create.mutateAsync(body).then(
      () => {
        toast({ title: "Game Added Successfully", description: gameAddedText(body) });
        onDone();
      },
      (error: unknown) =>
        toast({
          title: "Error Adding Game",
          description: errorMessage(error, "Failed to add game. Please try again."),
          variant: "destructive",
        }),
    );
  };

  return (
    <GameDialogForm
      form={form}
      label="Add Game"
      pending={create.isPending}
      submitText="Add Game"
      pendingText="Adding..."
      onSubmit={submit}
    />
  );
}
