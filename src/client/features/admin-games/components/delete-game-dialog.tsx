import type { Game } from "@/contracts/games";
import { ConfirmDeleteDialog } from "@/client/components/confirm-delete-dialog";
import { toast } from "@/client/hooks/use-toast";
import { useDeleteGame } from "@/client/lib/queries/games";
import { weekName } from "@/domain/postseason";
import { deleteGameErrorMessage, matchupOf } from "../games-admin";

/** Confirms and deletes a game; closes on success. */
export function DeleteGameDialog({
  game,
  open,
  onOpenChange,
}: {
  game: Game | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteGame();

  const confirm = () => {
    if (!game) return;
    remove.mutate(game.id, {
      onSuccess: () => {
        toast({
          title: "Game deleted successfully",
          description: "The game has been removed from the system.",
        });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: "Error deleting game",
          description: deleteGameErrorMessage(error),
          variant: "destructive",
        }),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Game"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      Are you sure you want to delete{" "}
      {game ? (
        <strong className="font-medium text-foreground">
          {matchupOf(game)} ({weekName(game.week)}, {game.season})
        </strong>
      ) : (
        "this game"
      )}
      ? This action cannot be undone.
    </ConfirmDeleteDialog>
  );
}
