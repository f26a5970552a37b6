import { Swords } from "lucide-react";
import { Link } from "wouter";
import { useContests } from "@/client/lib/queries/contests";

/**
 * A rematch's page names the contest it is the rematch of, with the way back to it: "A rematch of
 * Fall Classic (2025)". Nothing for a contest of its own, or one whose predecessor is gone.
 */
export function RematchOf({ predecessorId }: { predecessorId: string | null }) {
  const contests = useContests();
  const old = predecessorId ? contests.data?.find((contest) => contest.id === predecessorId) : undefined;
  if (!old) return null;
  return (
    <p className="mt-1 text-sm text-muted-foreground wrap-anywhere">
      <Swords className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />A rematch of{" "}
      <Link href={`/contests/${old.id}`} className="font-medium text-foreground underline underline-offset-4">
        {old.name} ({old.season})
      </Link>
    </p>
  );
}
