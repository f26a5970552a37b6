import {
  CalendarDays,
  Coins,
  DollarSign,
  ListChecks,
  Lock,
  Medal,
  Repeat,
  Scale,
  ScrollText,
  Trophy,
} from "lucide-react";
import type { Contest } from "@/contracts/contests";
import { contestLength, lengthText, nflWeeksText } from "@/client/lib/contest-weeks";
import { weekPicksText } from "@/client/lib/rounds";
import { postseasonBetsText, postseasonLimitText, postseasonRoundsText } from "../postseason-rules";
import { DetailsSection } from "./details-section";

/**
 * "Contest Rules": the picks per week, how long it runs, the markets, the weekly tiebreaker, the lock
 * of the week, the postseason and the pot's rollover (as the contest's current week plays them), who
 * wins.
 */
export function ContestRules({ contest }: { contest: Contest }) {
  return (
    <DetailsSection title="Contest Rules" icon={ScrollText}>
      <ul className="space-y-3 text-sm">
        <li className="flex gap-3">
          <ListChecks className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{weekPicksText(contest)}</span>
        </li>
        <li className="flex gap-3">
          <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            Runs for <span className="font-medium">{lengthText(contest)}</span> ({nflWeeksText(contest)})
          </span>
        </li>
        <li className="flex gap-3">
          <DollarSign className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            Markets: <span className="font-medium">Spread and Over/Under</span>
          </span>
        </li>
        <li className="flex gap-3">
          <Scale className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            Tiebreaker:{" "}
            <span className="font-medium">
              {contest.tiebreaker ? "total points of the week's last game" : "none"}
            </span>
          </span>
        </li>
        {contest.lockOfTheWeek ? (
          <li className="flex gap-3">
            <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              Lock of the week: <span className="font-medium">one pick a week counts double</span>
            </span>
          </li>
        ) : null}
        {contest.postseason ? <PostseasonRules contest={contest} /> : null}
        {contest.potRollover ? (
          <li className="flex gap-3">
            <Repeat className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              Pot rollover:{" "}
              <span className="font-medium">a week no one wins rolls its pot into the next</span>
            </span>
          </li>
        ) : null}
        <li className="flex gap-3">
          <Trophy className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            The player with the most correct picks at the end of the{" "}
            {contest.postseason
              ? "Super Bowl"
              : contestLength(contest) === 1
                ? "week"
                : `${contestLength(contest)} weeks`}{" "}
            wins
          </span>
        </li>
      </ul>
    </DetailsSection>
  );
}

/** The postseason's rounds, their bets when any is not 1×, and the picks a round allows when fewer. */
function PostseasonRules({ contest }: { contest: Contest }) {
  const bets = contest.isFree ? null : postseasonBetsText(contest.postseasonMultipliers);
  const limit = postseasonLimitText(contest);
  return (
    <>
      <li className="flex gap-3">
        <Medal className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          Postseason: <span className="font-medium">{postseasonRoundsText()}</span>
        </span>
      </li>
      {bets ? (
        <li className="flex gap-3">
          <Coins className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            Postseason bets: <span className="font-medium">{bets}</span>
          </span>
        </li>
      ) : null}
      {limit ? (
        <li className="flex gap-3">
          <ListChecks className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{limit}</span>
        </li>
      ) : null}
    </>
  );
}
