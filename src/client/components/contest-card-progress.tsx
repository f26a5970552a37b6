import type { Contest } from "@/contracts/contests";
import { contestProgress } from "@/client/lib/contest-weeks";

/** How far a contest has come: its NFL week ("Week 13") and its own ("Contest week 1 of 6"), over a bar. */
export function ContestCardProgress({
  contest,
}: {
  contest: Pick<Contest, "status" | "startWeek" | "currentWeek" | "totalWeeks">;
}) {
  const weeks = contestProgress(contest);
  const progress = Math.min(100, Math.max(0, weeks.fraction * 100));
  return (
    <div>
      <div className="mb-1 flex items-center justify-between text-sm text-muted-foreground">
        <span>{weeks.text}</span>
        {weeks.detail ? <span className="text-xs">{weeks.detail}</span> : null}
      </div>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Contest progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        aria-valuetext={weeks.detail ?? weeks.text}
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
