import { ScrollText } from "lucide-react";
import { Link } from "wouter";
import type { RecapPick, WeekRecap } from "@/contracts/recaps";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";
import { weekInTextStart } from "@/domain/postseason";
import { useRecaps } from "../api/get-recaps";

const RESULT_TONE: Record<RecapPick["result"], string> = {
  win: "text-green-700 dark:text-green-400",
  loss: "text-destructive",
  push: "text-muted-foreground",
};

function PickRow({ pick, opponentName }: { pick: RecapPick; opponentName: string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
      <span className="min-w-0">
        <span className="font-medium">{pick.whose === "you" ? "You" : opponentName}</span>: {pick.pick}
        {pick.isLock ? " (lock)" : ""} <span className="text-muted-foreground">· {pick.game}</span>
      </span>
      <span className={cn("font-medium", RESULT_TONE[pick.result])}>{pick.note}</span>
    </li>
  );
}

function Recap({ recap }: { recap: WeekRecap }) {
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid="week-recap">
      <Link
        href={`/contests/${recap.contestId}#weekly-results`}
        className="block font-medium wrap-anywhere underline-offset-4 hover:underline"
      >
        {weekInTextStart(recap.week)} of {recap.contestName}
      </Link>
      <div className="space-y-1 text-sm">
        {recap.sentences.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
      {recap.picks.length > 0 ? (
        <details className="group">
          <summary className="cursor-pointer text-sm text-muted-foreground">
            Every pick against its line
          </summary>
          <ul className="mt-2 space-y-1">
            {recap.picks.map((pick, at) => (
              <PickRow key={at} pick={pick} opponentName={recap.opponentName} />
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

/** "Week Recap": how the last settled week of each contest went, until its next week settles. */
export function WeekRecapCard() {
  const recaps = useRecaps(true);
  if (!recaps.data || recaps.data.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="week-recap-heading" className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <ScrollText className="size-5 text-primary" aria-hidden="true" />
          <h2 id="week-recap-heading">Week Recap</h2>
        </CardTitle>
        <CardDescription>How your last settled week went, in each contest.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="divide-y">
          {recaps.data.map((recap) => (
            <Recap key={recap.contestId} recap={recap} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
