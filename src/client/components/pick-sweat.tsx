import { Activity, Minus, TrendingDown, TrendingUp, type LucideIcon } from "lucide-react";
import type { Grade } from "@/domain/grading";
import { pickSweatOf, type SweatGameFields, type SweatMadePick } from "@/client/lib/sweat";
import { cn } from "@/client/lib/utils";

const GRADE_LOOK: Record<Grade, { icon: LucideIcon; className: string }> = {
  win: { icon: TrendingUp, className: "text-green-700 dark:text-green-400" },
  loss: { icon: TrendingDown, className: "text-destructive" },
  push: { icon: Minus, className: "text-muted-foreground" },
};

/**
 * How a pick stands while its game is live: "Covering by 3.5 with 9:12 left in Q4", green while it
 * would win, red while it would lose; `label` names the pick when the line stands alone ("KC -3.5").
 * Nothing when the game is not live. `game` is the game as a week's list holds it (else the pick's).
 */
export function PickSweat({
  pick,
  game,
  label,
  className,
}: {
  pick: SweatMadePick;
  game?: SweatGameFields;
  label?: string;
  className?: string;
}) {
  const sweat = pickSweatOf(pick, game);
  if (!sweat) return null;
  const { icon: Icon, className: tone } = GRADE_LOOK[sweat.grade];
  return (
    <span
      className={cn("flex items-start gap-1.5 text-xs font-medium tabular-nums", tone, className)}
      data-testid="pick-sweat"
      data-grade={sweat.grade}
    >
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {label ? <span className="whitespace-nowrap">{label}: </span> : null}
        {sweat.text}
      </span>
    </span>
  );
}

/** A week in progress, ended now: "If it ended now: Bea Baker wins 2–1 and takes the $10 pot". */
export function WeekSweat({ text, className }: { text: string; className?: string }) {
  return (
    <span
      className={cn("flex items-start gap-1.5 text-sm font-medium text-foreground", className)}
      data-testid="week-sweat"
    >
      <Activity className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}
