import type { User } from "@/contracts/auth";
import { contestsQuery } from "@/client/lib/queries/contests";
import { weekGamesQuery } from "@/client/lib/queries/games";
import {
  availabilityQuery,
  currentRoundQuery,
  firstPickerQuery,
  playerPicksQuery,
} from "@/client/lib/queries/picks";
import { proposalsQuery } from "@/client/lib/queries/proposals";
import { seasonQuery } from "@/client/lib/queries/season";
import { queryClient } from "@/client/lib/query-client";
import { picksTarget } from "@/contracts/screens";

/**
 * Make Picks' data, asked for the moment the contests arrive (app/preload.ts) rather than once the
 * screen's code has loaded and rendered: the same queries the screen then reads from the cache.
 * Availability is asked for round 1, as the screen does until the current round is known.
 */
export async function prefetchMakePicks(search: string, user: User): Promise<void> {
  const contests = await queryClient.fetchQuery(contestsQuery);
  const seasonInfo = queryClient.getQueryData(seasonQuery.queryKey);
  const target = picksTarget(new URLSearchParams(search), contests, seasonInfo, user);
  const { contest, contestWeek: week, season } = target;
  if (!contest || week <= 0) return;
  const jobs = [
    queryClient.prefetchQuery(firstPickerQuery(contest.id, week)),
    queryClient.prefetchQuery(currentRoundQuery(contest.id, week)),
    queryClient.prefetchQuery(proposalsQuery(contest.id, week)),
  ];
  if (season !== undefined) jobs.push(queryClient.prefetchQuery(weekGamesQuery(week, season)));
  if (target.isPlayer) jobs.push(queryClient.prefetchQuery(playerPicksQuery(contest.id, user.id, week)));
  if (target.isPlayer && target.opponentId) {
    jobs.push(queryClient.prefetchQuery(availabilityQuery(contest.id, week, 1)));
  }
  await Promise.all(jobs);
}
