import { CalendarClock } from "lucide-react";
import type { NextSeason } from "@/contracts/season";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { formatDate } from "@/client/lib/format";

/**
 * Between seasons: the season on the clock has no week left to play, so the contest is offered for
 * the next one, from its week 1.
 */
export function NextSeasonNotice({ ended, next }: { ended: number; next: NextSeason }) {
  return (
    <Alert role="note" className="border-primary/40 bg-primary/5">
      <CalendarClock aria-hidden="true" />
      <AlertTitle>The {ended} season is over</AlertTitle>
      <AlertDescription>
        <p>
          {next.firstKickoff
            ? `The ${next.season} season starts on ${formatDate(next.firstKickoff)}.`
            : `The ${next.season} season's schedule is not loaded yet.`}{" "}
          This contest will be for the {next.season} season, from its week 1.
        </p>
      </AlertDescription>
    </Alert>
  );
}
