import type { Contest } from "@/contracts/contests";
import { contestProgress } from "@/client/lib/contest-weeks";

/** "Week 1 of 14", with the NFL week under it when the numbers differ (docs/rules.md, "Screens"). */
export function ContestProgressText({
  contest,
}: {
  contest: Pick<Contest, "status" | "startWeek" | "currentWeek" | "totalWeeks">;
}) {
  const { text, nflWeek } = contestProgress(contest);
  return (
    <>
      {text}
      {nflWeek ? <span className="block text-xs font-normal text-muted-foreground">{nflWeek}</span> : null}
    </>
  );
}
