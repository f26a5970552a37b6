import { useEffect, useId, useRef, type ReactNode } from "react";
import { AlertCircle, ArrowLeft, CheckCircle2, Trophy } from "lucide-react";
import { Link } from "wouter";
import type { Pick as MadePick } from "@/contracts/picks";
import { LockBadge } from "@/client/components/lock-badge";
import { PickSweat } from "@/client/components/pick-sweat";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { SeparatedText } from "@/client/components/separated-text";
import { gameStateText } from "@/client/lib/games";
import { outcomeLabel } from "@/client/lib/lock-of-the-week";
import { closingLineOf, gameKickedOff, madePickText } from "@/client/lib/pick-line";
import { useClosingLines } from "@/client/lib/queries/games";
import { hasVoidPick, pickOutcome, VOID_NOTE, type PickOutcome } from "@/client/lib/pick-outcome";
import { cn } from "@/client/lib/utils";
import { weekPhrase } from "@/client/lib/week-names";
import { weekName } from "@/domain/postseason";
import { matchupOf, pickLabel } from "../picks-view";
import { PickGameCardSkeleton } from "./pick-game-card";

/** Reduced motion asked for: no smooth scrolling. */
const scrollBehavior = (): ScrollBehavior =>
  matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";

function StateCard({
  icon,
  tone,
  title,
  children,
  action,
  result,
}: {
  icon: ReactNode;
  tone: "neutral" | "alert" | "success";
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /**
   * The card is the outcome of what the player just did (a submission): a region named by its
   * title and described by its text, scrolled to and focused when `focus` turns true, so the
   * keyboard and the screen reader land on it.
   */
  result?: { focus: boolean };
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const focus = result?.focus ?? false;
  useEffect(() => {
    if (!focus || !ref.current) return;
    ref.current.scrollIntoView({ block: "center", behavior: scrollBehavior() });
    ref.current.focus({ preventScroll: true });
  }, [focus]);
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card
        ref={ref}
        className="w-full max-w-md"
        {...(result
          ? { role: "region", "aria-labelledby": titleId, "aria-describedby": textId, tabIndex: -1 }
          : {})}
      >
        <CardContent className="flex flex-col items-center text-center">
          <div
            className={cn(
              "mb-4 flex size-12 items-center justify-center rounded-full [&>svg]:size-6",
              tone === "alert" && "bg-destructive/10 text-destructive",
              tone === "neutral" && "bg-muted text-muted-foreground",
              tone === "success" && "bg-primary/10 text-primary",
            )}
          >
            {icon}
          </div>
          <h1 id={titleId} className="text-2xl font-bold">
            {title}
          </h1>
          <div id={textId} className="mt-2 text-sm text-muted-foreground">
            {children}
          </div>
          {action ? <div className="mt-6 w-full sm:w-auto">{action}</div> : null}
        </CardContent>
      </Card>
    </div>
  );
}

export function ContestNotFound({ id }: { id: string }) {
  return (
    <StateCard icon={<AlertCircle aria-hidden="true" />} tone="alert" title="Contest Not Found">
      <p className="wrap-anywhere">The contest with ID {id} was not found or you don't have access to it.</p>
    </StateCard>
  );
}

export function NoActiveContest() {
  return (
    <StateCard
      icon={<Trophy aria-hidden="true" />}
      tone="neutral"
      title="No Active Contest"
      action={
        <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
          <Link href="/contests">Go to My Contests</Link>
        </Button>
      }
    >
      <p>You need to have an active contest to make picks.</p>
    </StateCard>
  );
}

const OUTCOME_LOOK: Record<PickOutcome, string> = {
  pending: "text-muted-foreground",
  win: "border-primary/40 bg-primary/10 text-primary",
  loss: "border-destructive/40 bg-destructive/10 text-destructive",
  push: "text-muted-foreground",
  void: "border-dashed text-muted-foreground",
};

/** "PIT @ CHI · Q2 6:52 · PIT 7, CHI 3": the game's state while it is on; a void pick's badge says why. */
function matchupLine(pick: MadePick): string {
  const state = pickOutcome(pick) === "void" ? null : gameStateText(pick.game);
  return state ? `${matchupOf(pick.game)} · ${state}` : matchupOf(pick.game);
}

function OutcomeBadge({ pick }: { pick: MadePick }) {
  const outcome = pickOutcome(pick);
  return (
    <Badge variant="outline" className={cn("shrink-0", OUTCOME_LOOK[outcome])}>
      {outcomeLabel(pick)}
    </Badge>
  );
}

export function PicksComplete({
  contestId,
  week,
  maxPicks,
  picks,
  justSubmitted = false,
}: {
  contestId: string;
  week: number;
  maxPicks: number;
  picks: MadePick[];
  /** The player's submission has just completed the week's picks: take them to this card. */
  justSubmitted?: boolean;
}) {
  const closingLines = useClosingLines(
    picks[0]?.game.season ?? 0,
    picks.some((pick) => gameKickedOff(pick.game)),
  );
  return (
    <StateCard
      icon={<CheckCircle2 aria-hidden="true" />}
      tone="success"
      title="Picks Complete"
      result={{ focus: justSubmitted }}
      action={
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link href={`/contests/${contestId}`}>
            <ArrowLeft aria-hidden="true" /> Back to Contest Details
          </Link>
        </Button>
      }
    >
      <p>
        {maxPicks === 1
          ? `You have already made your pick for ${weekPhrase(week)}.`
          : `You have already made all ${maxPicks} picks for ${weekPhrase(week)}.`}
      </p>
      {picks.length ? (
        <ul className="mt-5 space-y-2 text-left" aria-label={`Your ${weekName(week)} picks`}>
          {picks.map((pick) => (
            <li
              key={pick.id}
              className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="text-xs text-muted-foreground">
                  <SeparatedText text={matchupLine(pick)} />
                </p>
                <p className="flex flex-wrap items-center gap-x-2 font-semibold text-foreground tabular-nums">
                  <span>
                    <SeparatedText
                      text={madePickText(pick, pickLabel(pick), closingLineOf(pick.game, closingLines), {
                        own: true,
                      })}
                    />
                  </span>
                  {pick.isLock ? <LockBadge /> : null}
                </p>
                {/* While the game is live: how the pick stands against its line. */}
                <PickSweat pick={pick} className="mt-1" />
              </div>
              <OutcomeBadge pick={pick} />
            </li>
          ))}
        </ul>
      ) : null}
      {hasVoidPick(picks) ? <p className="mt-3 text-left text-xs">{VOID_NOTE}</p> : null}
    </StateCard>
  );
}

export function PicksSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" role="status" aria-label="Loading picks">
      <div className="space-y-2">
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-5 w-48" />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-14 w-full rounded-lg" />
      <div className="space-y-3">
        <Skeleton className="h-6 w-32" />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <PickGameCardSkeleton key={index} />
          ))}
        </div>
      </div>
    </div>
  );
}
