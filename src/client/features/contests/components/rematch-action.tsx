import { Eye, Swords } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useContests, useProposeRematch } from "@/client/lib/queries/contests";
import { useFirstPicker } from "@/client/lib/queries/picks";

const NOTE = "mt-2 text-center text-sm text-muted-foreground";

/**
 * What the rematch carries, and who picks first in its first week: the player who did not in the
 * contest's first week (the server decides it the same way).
 */
function rematchNote(
  contest: Contest,
  firstPickerId: string | null | undefined,
  userId: string,
  name: string,
) {
  const carried = "The same stake, rules and rounds next season";
  if (!firstPickerId) return `${carried}.`;
  const first = firstPickerId === userId ? `${name} picks` : "you pick";
  return `${carried}; ${first} first in week ${contest.startWeek}.`;
}

/** Where the rematch stands, from the viewer's seat, with the way to it. */
function RematchProposed({
  rematch,
  userId,
  name,
}: {
  rematch: NonNullable<Contest["rematch"]>;
  userId: string;
  name: string;
}) {
  const contests = useContests();
  const proposer = contests.data?.find((candidate) => candidate.id === rematch.id)?.player1Id;
  const status =
    rematch.status !== "pending"
      ? "Rematch accepted"
      : proposer && proposer !== userId
        ? `${name} proposes a rematch: accept or decline it`
        : `Rematch proposed: waiting for ${name} to accept`;
  return (
    <div>
      <p role="status" className="text-center font-medium wrap-anywhere">
        <Swords className="mr-1.5 inline size-4 align-[-2px] text-primary" aria-hidden="true" />
        {status}
      </p>
      <Button asChild variant="outline" className="mt-2 w-full">
        <Link href={`/contests/${rematch.id}`}>
          <Eye aria-hidden="true" /> View the rematch
        </Link>
      </Button>
    </div>
  );
}

/**
 * A finished contest leads on: either player proposes its rematch for the next season (the same
 * opponent, stake, rules and rounds), then reads where it stands.
 */
export function RematchAction({
  contest,
  userId,
  opponent,
}: {
  contest: Contest;
  userId: string;
  opponent: { name: string };
}) {
  const propose = useProposeRematch();
  const firstPicker = useFirstPicker(contest.rematch ? undefined : contest.id, contest.startWeek);
  if (contest.rematch)
    return <RematchProposed rematch={contest.rematch} userId={userId} name={opponent.name} />;
  const send = () =>
    propose.mutate(contest.id, {
      onSuccess: () => toast({ title: `Rematch proposed to ${opponent.name}` }),
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to propose the rematch"),
          variant: "destructive",
        }),
    });
  return (
    <div>
      <Button className="w-full" disabled={propose.isPending} onClick={send}>
        <Swords aria-hidden="true" /> Propose a Rematch
      </Button>
      <p className={NOTE}>{rematchNote(contest, firstPicker.data?.firstPickerId, userId, opponent.name)}</p>
    </div>
  );
}
