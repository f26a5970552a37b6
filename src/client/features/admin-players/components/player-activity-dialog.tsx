import type { ListedUser } from "@/contracts/users";
import { ActivityList } from "@/client/components/activity-list";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { errorMessage } from "@/client/lib/api";
import { usePlayerActivity } from "@/client/lib/queries/activity";
import { displayName } from "@/client/lib/queries/users";

function PlayerActivity({ player }: { player: ListedUser }) {
  const activity = usePlayerActivity(player.id);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="-mx-6 max-h-[60vh] overflow-y-auto border-t px-6 pt-4">
      <ActivityList
        label={`Activity of ${displayName(player)}`}
        entries={entries}
        isLoading={activity.isLoading}
        error={activity.error ? errorMessage(activity.error, "Failed to load activity.") : null}
        emptyText="No activity yet."
      />
      {activity.hasNextPage ? (
        <div className="flex justify-center pt-4">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void activity.fetchNextPage()}
            disabled={activity.isFetchingNextPage}
          >
            {activity.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A player's history: what they did and what was done to their account or contests, newest first. */
export function PlayerActivityDialog({
  player,
  open,
  onOpenChange,
}: {
  player: ListedUser | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open && player !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Activity: {player ? displayName(player) : ""}</DialogTitle>
          <DialogDescription>What this player did, and what others did that concerns them.</DialogDescription>
        </DialogHeader>
        {player ? <PlayerActivity key={player.id} player={player} /> : null}
      </DialogContent>
    </Dialog>
  );
}
