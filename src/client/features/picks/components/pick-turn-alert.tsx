import type { ReactNode } from "react";
import { Hourglass, Lock, MousePointerClick, Sparkles } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { weekPhrase } from "@/client/lib/week-names";
import type { TurnAlert } from "../picks-view";

const TURN_LOOK: Record<TurnAlert["kind"], { icon: ReactNode; title: string; className: string }> = {
  first: {
    icon: <Sparkles aria-hidden="true" />,
    title: "Your turn",
    className: "border-primary/40 bg-primary/5 [&>svg]:text-primary",
  },
  second: {
    icon: <MousePointerClick aria-hidden="true" />,
    title: "Your turn",
    className: "border-primary/40 bg-primary/5 [&>svg]:text-primary",
  },
  wait: {
    icon: <Hourglass aria-hidden="true" />,
    title: "Not your turn yet",
    className:
      "border-amber-500/50 bg-amber-50 dark:bg-amber-500/10 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400",
  },
};

/**
 * Why nobody picks here (with a way to the contest's current week when that is the reason), else
 * whose turn it is; nothing for a viewer who is not a player of the contest.
 */
export function PickTurnAlert({
  contest,
  week,
  block,
  isPlayer,
  turn,
}: {
  contest: Contest;
  week: number;
  block: string | null;
  isPlayer: boolean;
  turn: TurnAlert | null;
}) {
  if (block) {
    return (
      <Alert>
        <Lock aria-hidden="true" />
        <AlertTitle>Picks are closed here</AlertTitle>
        <AlertDescription>
          <p>{block}</p>
          {contest.currentWeek !== week && isPlayer && contest.status === "active" ? (
            <Button asChild variant="outline" size="sm" className="mt-2">
              <Link href={`/picks?contestId=${contest.id}&week=${contest.currentWeek}`}>
                Go to {weekPhrase(contest.currentWeek)}
              </Link>
            </Button>
          ) : null}
        </AlertDescription>
      </Alert>
    );
  }
  if (!turn) return null;
  const look = TURN_LOOK[turn.kind];
  return (
    <Alert className={look.className}>
      {look.icon}
      <AlertTitle>{look.title}</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>{turn.message}</p>
      </AlertDescription>
    </Alert>
  );
}
