import { useQueries } from "@tanstack/react-query";
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import type { ListedUser } from "@/contracts/users";
import { isLive } from "@/domain/sweat";
import { weekGamesQuery } from "@/client/lib/queries/games";
import { weeklyResultsQuery } from "@/client/lib/queries/picks";
import { useTurns } from "@/client/lib/queries/turn";
import { displayName } from "@/client/lib/queries/users";
import { weekSweatText } from "@/client/lib/sweat";

/** A contest whose current week has a live pick: how it would end now, and the viewer's live picks. */
export interface LiveWeek {
  contest: Contest;
  /** "If it ended now: Bea Baker wins 2–1 and takes the $10 pot". */
  text: string;
  /** The viewer's picks of the week whose games are live. */
  livePicks: MadePick[];
}

const weekKey = (contest: Pick<Contest, "season" | "currentWeek">) =>
  `${contest.season}:${contest.currentWeek}`;

/**
 * The Dashboard's live weeks. Once a contest's week has picks (its turn says so), the week's games
 * (one query per week, shared by its contests) say whether a game is live; only then does the
 * contest read its weekly results, once. From then on each live score's event patches the games in
 * both (`patchGames`), and the texts move with it, with no request.
 */
export function useLiveWeeks(contests: Contest[], userId: string, users: ListedUser[] | undefined) {
  const turns = useTurns(contests);
  const picked = contests.map((_, index) => {
    const turn = turns[index]?.data;
    return turn ? turn.player1Picks + turn.player2Picks > 0 : false;
  });
  // The weeks with picks in some contest; their games are read once a week has picks.
  const weeks = [
    ...new Map(
      contests.filter((_, index) => picked[index]).map((contest) => [weekKey(contest), contest]),
    ).values(),
  ];
  const games = useQueries({
    queries: weeks.map((contest) => weekGamesQuery(contest.currentWeek, contest.season)),
  });
  const gamesByWeek = new Map(weeks.map((contest, index) => [weekKey(contest), games[index]?.data]));
  const watched = contests.map(
    (contest, index) =>
      picked[index] && (gamesByWeek.get(weekKey(contest))?.some((game) => game.status === "live") ?? false),
  );
  const results = useQueries({
    queries: contests.map((contest, index) => ({
      ...weeklyResultsQuery(contest.id),
      enabled: watched[index],
    })),
  });
  return contests.flatMap((contest, index): LiveWeek[] => {
    const week = watched[index]
      ? results[index]?.data?.find((result) => result.week === contest.currentWeek)
      : undefined;
    if (!week) return [];
    const nameOf = (id: string | null) => displayName(users?.find((user) => user.id === id));
    const names = { player1: nameOf(contest.player1Id), player2: nameOf(contest.player2Id) };
    const weekGames: Game[] = gamesByWeek.get(weekKey(contest)) ?? [];
    const text = weekSweatText(week, names, weekGames);
    if (!text) return [];
    const own = contest.player1Id === userId ? week.player1Picks : week.player2Picks;
    return [{ contest, text, livePicks: own.filter(isLive) }];
  });
}
