import type { Contest } from "@/contracts/contests";
import { contestProgress } from "@/client/lib/contest-weeks";

/** "Week 13", with the contest's own progress under it ("Contest week 1 of 6"; docs/rules.md, "Screens"). */
export function ContestProgressText({
  contest,
}: {
  contest: Pick<Contest, "status" | "startWeek" | "currentWeek" | "totalWeeks">;
}) {
  const { text, detail } = contestProgress(contest);
  return (
    <>
      {text}
      {detail ? <span className="block text-xs font-normal text-muted-foreground">{detail}</span> : null}
    </>
  );
}
