import { Swords } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";

/**
 * The way to a contest's rivalry page: "You vs Cal, all time" for a player, "Alice vs Bob, all
 * time" for an admin looking on. Only for a contest under way or over (it has two players).
 */
export function RivalryLink({
  contest,
  viewerId,
  names,
  className,
}: {
  contest: { id: string; status: string; player1Id: string; player2Id: string | null };
  viewerId: string | undefined;
  names: { player1: string; player2: string };
  className?: string;
}) {
  if (!contest.player2Id || (contest.status !== "active" && contest.status !== "completed")) return null;
  const label =
    viewerId === contest.player1Id
      ? `You vs ${names.player2}, all time`
      : viewerId === contest.player2Id
        ? `You vs ${names.player1}, all time`
        : `${names.player1} vs ${names.player2}, all time`;
  return (
    <Button
      asChild
      variant="outline"
      className={cn("h-auto min-h-9 w-full py-2 whitespace-normal", className)}
    >
      <Link href={`/contests/${contest.id}/rivalry`}>
        <Swords aria-hidden="true" /> <span className="min-w-0 wrap-anywhere">{label}</span>
      </Link>
    </Button>
  );
}
