import { Activity } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { PickSweat, WeekSweat } from "@/client/components/pick-sweat";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { matchupOf } from "@/client/lib/games";
import { shortPickText } from "@/client/lib/sweat";
import { useLiveWeeks } from "../use-live-weeks";

/**
 * "Live Now": each active contest with a live game among its week's picks, how the week would end
 * if every game ended now, and the viewer's live picks against their lines. Nothing while no game
 * of theirs is live.
 */
export function LiveWeeksCard({
  contests,
  userId,
  users,
}: {
  contests: Contest[];
  userId: string;
  users: ListedUser[] | undefined;
}) {
  const rows = useLiveWeeks(contests, userId, users);
  if (rows.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="live-weeks-heading" className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Activity className="size-5 text-primary" aria-hidden="true" />
          <h2 id="live-weeks-heading">Live Now</h2>
        </CardTitle>
        <CardDescription>
          Each pick against the line it was made at, and each week as it would end at the scores of the
          moment.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="divide-y">
          {rows.map(({ contest, text, livePicks }) => (
            <li
              key={contest.id}
              data-testid="live-week-row"
              className="space-y-1.5 py-3 first:pt-0 last:pb-0"
            >
              <Link
                href={`/contests/${contest.id}`}
                className="block truncate font-medium underline-offset-4 hover:underline"
              >
                {contest.name}
              </Link>
              <WeekSweat text={text} />
              {livePicks.map((pick) => (
                <PickSweat
                  key={pick.id}
                  pick={pick}
                  label={`${shortPickText(pick)} (${matchupOf(pick.game)})`}
                  className="pl-0.5"
                />
              ))}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
