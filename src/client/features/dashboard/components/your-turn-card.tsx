import { AlertCircle, CheckCircle2, Hourglass, Lock, Timer, UserCheck, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { TurnInfo } from "@/contracts/turn";
import type { ListedUser } from "@/contracts/users";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { SeparatedText } from "@/client/components/separated-text";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useTurns } from "@/client/lib/queries/turn";
import { displayName } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";
import {
  byUrgency,
  isViewersMove,
  turnCardTitle,
  turnStatus,
  turnText,
  type TurnKind,
  type TurnStatus,
} from "../turn-countdown";
import { useCountdownClock } from "../use-countdown-clock";

const KIND_STYLE: Record<TurnKind, { icon: LucideIcon; className: string }> = {
  "your-turn": { icon: Timer, className: "font-semibold text-primary" },
  "guess-owed": { icon: Timer, className: "font-semibold text-primary" },
  waiting: { icon: Hourglass, className: "text-foreground" },
  "picks-in": { icon: UserCheck, className: "text-muted-foreground" },
  complete: { icon: CheckCircle2, className: "text-muted-foreground" },
  closed: { icon: Lock, className: "text-muted-foreground" },
};

interface Row {
  contest: Contest;
  opponentName: string;
  status: TurnStatus;
  serverNow: Date;
}

/** The server's clock now: the time it gave, moved on by what the browser saw go by since. */
const serverNowOf = (turn: TurnInfo, fetchedAt: number, now: number) =>
  new Date(Date.parse(turn.now) + Math.max(0, now - fetchedAt));

/**
 * "Your Turn" ("This Week" while it is the viewer's turn nowhere): each active contest the viewer
 * plays in, most urgent first, with whose turn it is this week and a live countdown to the week's
 * next pick due (the Thursday hand-over, or the next kickoff).
 */
export function YourTurnCard({
  contests,
  userId,
  users,
}: {
  contests: Contest[];
  userId: string;
  users: ListedUser[] | undefined;
}) {
  const turns = useTurns(contests);
  const statusesAt = (now: number) =>
    contests.flatMap((contest, index): Row[] => {
      const query = turns[index]!;
      if (!query.data) return [];
      const viewerIsPlayer1 = contest.player1Id === userId;
      const opponentId = viewerIsPlayer1 ? contest.player2Id : contest.player1Id;
      const opponent = users?.find((user) => user.id === opponentId);
      const serverNow = serverNowOf(query.data, query.dataUpdatedAt, now);
      return [
        {
          contest,
          opponentName: displayName(opponent, "your opponent"),
          serverNow,
          status: turnStatus({ turn: query.data, viewerId: userId, viewerIsPlayer1, now: serverNow }),
        },
      ];
    });
  const now = useCountdownClock((at) => {
    const left = statusesAt(at).flatMap((row) =>
      row.status.target ? [row.status.target.getTime() - row.serverNow.getTime()] : [],
    );
    return left.length === 0 ? null : Math.min(...left);
  });
  const rows = statusesAt(now).sort((a, b) => byUrgency(a.status, b.status));
  const loading = turns.filter((query) => query.isLoading).length;
  const failed = turns.filter((query) => query.isError);

  return (
    <Card role="region" aria-labelledby="your-turn-heading" className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Timer className="size-5 text-primary" aria-hidden="true" />
          <h2 id="your-turn-heading">{turnCardTitle(rows.map((row) => row.status))}</h2>
        </CardTitle>
        <CardDescription>
          This week's picks in your active contests. The first picker picks before the hand-over; picks lock
          at kickoff.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="divide-y">
          {rows.map(({ contest, opponentName, status, serverNow }) => {
            const { icon: Icon, className } = KIND_STYLE[status.kind];
            return (
              <li
                key={contest.id}
                data-testid="turn-row"
                data-kind={status.kind}
                className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <Link
                    href={`/contests/${contest.id}`}
                    className="block truncate font-medium underline-offset-4 hover:underline"
                  >
                    {contest.name}
                  </Link>
                  <p className={cn("flex items-start gap-2 text-sm", className)}>
                    <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span className="tabular-nums" data-testid="turn-text">
                      <SeparatedText text={turnText(status, opponentName, serverNow)} />
                    </span>
                  </p>
                </div>
                {isViewersMove(status.kind) ? (
                  <Button asChild size="sm" className="shrink-0 self-start sm:self-center">
                    <Link href={`/picks?contestId=${contest.id}&week=${status.week}`}>Make Picks</Link>
                  </Button>
                ) : null}
              </li>
            );
          })}
          {Array.from({ length: loading }, (_, index) => (
            <li key={`loading-${index}`} className="space-y-2 py-3 first:pt-0 last:pb-0" aria-hidden="true">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-64" />
            </li>
          ))}
          {failed.length > 0 ? (
            <li className="flex flex-wrap items-center gap-2 py-3 text-sm text-destructive first:pt-0 last:pb-0">
              <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
              <span>Could not load whose turn it is.</span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => failed.forEach((query) => void query.refetch())}
              >
                Try again
              </Button>
            </li>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}
