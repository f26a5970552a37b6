import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { Game } from "@/contracts/games";
import { ConfirmFinalDialog } from "@/client/components/confirm-final-dialog";
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
import { isFinalBeforeKickoff } from "@/client/lib/final-before-kickoff";
import { weekLabel } from "@/client/lib/week-names";
import {
  dialogGameForm,
  gameBodyOf,
  gameFormValuesOf,
  type GameFormOutput,
  type GameFormValues,
} from "@/client/lib/game-form";
import { useUpdateGame } from "@/client/lib/queries/games";
import { serverNow } from "@/client/lib/server-clock";
import { matchupOf } from "../games-admin";

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
            {game ? `${matchupOf(game)}, ${weekLabel(game.week, true)} of ${game.season}. ` : null}
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
    resolver: zodResolver(dialogGameForm),
    defaultValues: gameFormValuesOf(game),
  });

  // A final ahead of its kickoff waits for the admin's confirmation (docs/rules.md).
  const [early, setEarly] = useState<GameFormOutput | null>(null);

  const save = (values: GameFormOutput, confirmed: boolean) =>
    update
      .mutateAsync({
        id: game.id,
        ...gameBodyOf(values),
        ...(confirmed && { confirmFinalBeforeKickoff: true }),
      })
      .then(
        () => {
          setEarly(null);
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

  const submit = async (values: GameFormOutput) => {
    if (isFinalBeforeKickoff(game, gameBodyOf(values), serverNow())) setEarly(values);
    else await save(values, false);
  };

  const kickoff = early ? gameBodyOf(early) : null;
  return (
    <>
      <GameDialogForm
        form={form}
        label="Edit Game"
        withStatus
        pending={update.isPending}
        submitText="Save Changes"
        pendingText="Saving..."
        onSubmit={submit}
      />
      <ConfirmFinalDialog
        games={
          kickoff
            ? [
                {
                  id: game.id,
                  awayTeam: kickoff.awayTeam,
                  homeTeam: kickoff.homeTeam,
                  gameDate: kickoff.gameDate,
                },
              ]
            : []
        }
        pending={update.isPending}
        onCancel={() => setEarly(null)}
        onConfirm={() => {
          if (early) void save(early, true).finally(() => setEarly(null));
        }}
      />
    </>
  );
}
