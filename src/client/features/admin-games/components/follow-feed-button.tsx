import { Loader2, RefreshCw } from "lucide-react";
import type { Game } from "@/contracts/games";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { weekLabel } from "@/client/lib/week-names";
import { useFollowFeed } from "../api/follow-feed";
import { matchupOf } from "../games-admin";

/** Clears a game's pins, so that the next sync brings the feed's values back. */
export function FollowFeedButton({ game }: { game: Game }) {
  const follow = useFollowFeed();
  const matchup = `${matchupOf(game)}, ${weekLabel(game.week, true)}`;
  const run = () =>
    follow.mutate(game.id, {
      onSuccess: () =>
        toast({
          title: "Following the Feed Again",
          description: `${matchup}: the next sync brings the feed's line, kickoff, score and status.`,
        }),
      onError: (error) =>
        toast({
          title: "Error Following the Feed",
          description: errorMessage(error, "Failed to clear the pins. Please try again."),
          variant: "destructive",
        }),
    });
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={run}
      disabled={follow.isPending}
      aria-label={`Follow the feed again: ${matchup}`}
    >
      {follow.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <RefreshCw aria-hidden="true" />
      )}
      Follow the feed again
    </Button>
  );
}
