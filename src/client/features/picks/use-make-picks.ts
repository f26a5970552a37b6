import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import type { Proposal } from "@/contracts/proposals";
import type { User } from "@/contracts/auth";
import type { ListedUser } from "@/contracts/users";
import { picksTarget } from "@/contracts/screens";
import { picksLeft } from "@/domain/picks";
import { weekAllowance } from "@/domain/rounds";
import { automaticFirstPicker } from "@/domain/turn";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { limitedWeekPicks } from "@/client/lib/rounds";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useWeekGames } from "@/client/lib/queries/games";
import { useAvailability, useCurrentRound, useFirstPicker, usePlayerPicks } from "@/client/lib/queries/picks";
import { useProposals } from "@/client/lib/queries/proposals";
import { useSeason } from "@/client/lib/queries/season";
import { displayName, useUsers } from "@/client/lib/queries/users";
import { isGameOpen, pickingBlock, weekDeadline, type RoundsTurn } from "./picks-view";
import { acceptedGames } from "./proposals-view";
import { useServerNow } from "./use-server-now";

const NO_PICKS: MadePick[] = [];
const NO_PROPOSALS: Proposal[] = [];
const NO_GAMES: Game[] = [];

/** A loading failure's toast, once per failure. */
function useFailureToast(error: unknown, title: string) {
  useEffect(() => {
    if (error)
      toast({ variant: "destructive", title, description: errorMessage(error, "Please try again.") });
  }, [error, title]);
}

/** The players' names as Make Picks shows them: the viewer's own first when they play. */
function playerNames(contest: Contest, user: User, isPlayer: boolean, users: ListedUser[] | undefined) {
  const nameOf = (id: string | null, fallback: string) =>
    displayName(
      users?.find((candidate) => candidate.id === id),
      fallback,
    );
  const player1 = nameOf(contest.player1Id, "Player 1");
  const player2 = nameOf(contest.player2Id, contest.player2Email || "Player 2");
  return {
    playerName: isPlayer ? displayName(user) : player1,
    opponentName: isPlayer ? (user.id === contest.player1Id ? player2 : player1) : player2,
  };
}

/** The chosen contest's week, once everything it needs has arrived. */
function pickWeekView(input: {
  contest: Contest;
  user: User;
  isPlayer: boolean;
  week: number;
  users: ListedUser[] | undefined;
  roundsTurn: RoundsTurn | null;
  mine: MadePick[];
  opponentPicks: MadePick[] | undefined;
  priorPicks: MadePick[] | undefined;
  extraGames: Game[];
  /** The week's first picker as stored; null or undefined when the contest's own order decides. */
  firstPickerId: string | null | undefined;
  now: Date;
}) {
  const { contest, user, isPlayer, week, roundsTurn, mine } = input;
  // The week's rounds (one of the contest's picks per player unless it plays custom rounds), no
  // more than a postseason round allows.
  const weekPicks = limitedWeekPicks(
    roundsTurn && contest.player2Id
      ? weekAllowance(
          roundsTurn.rounds,
          { player1Id: contest.player1Id, player2Id: contest.player2Id },
          isPlayer ? user.id : contest.player1Id,
        )
      : contest.maxPicksPerPlayer,
    week,
  );
  // Accepted proposals add one pick each on their game: complete once nothing is left to pick.
  const left = picksLeft({
    allowance: weekPicks,
    mine,
    extraGames: input.extraGames.map((game) => ({ id: game.id, open: isGameOpen(game, input.now) })),
  });
  const opponentPicks = input.opponentPicks ?? NO_PICKS;
  const myPicks = input.priorPicks ?? mine;
  const firstPickerId =
    input.firstPickerId ??
    (contest.player2Id
      ? automaticFirstPicker({ player1Id: contest.player1Id, player2Id: contest.player2Id }, week)
      : contest.player1Id);
  return {
    ...playerNames(contest, user, isPlayer, input.users),
    roundsTurn,
    weekPicks,
    complete: isPlayer && left.total === 0,
    opponentPicks,
    myPicks,
    pickedGameIds: new Set([...opponentPicks, ...myPicks].map((pick) => pick.gameId)),
    block: pickingBlock(contest, user.id, week),
    isFirstPicker: isPlayer ? firstPickerId === user.id : null,
  };
}

/** Make Picks' reads: which contest and week (see picksTarget), its games, turn, picks and proposals. */
export function useMakePicks() {
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const contests = useContests();
  const seasonInfo = useSeason();
  const { choice, contest, week, season, contestWeek, isPlayer, opponentId } = picksTarget(
    params,
    contests.data,
    seasonInfo.data,
    user,
  );

  const users = useUsers(Boolean(contest));
  const games = useWeekGames(contestWeek, season);
  const firstPicker = useFirstPicker(contest?.id, contestWeek);
  const currentRound = useCurrentRound(contest?.id, contestWeek);
  // Round 1 unless the server says otherwise: availability need not wait for the answer.
  const round = currentRound.data?.currentRound ?? 1;
  const availability = useAvailability(isPlayer && opponentId ? contest?.id : undefined, contestWeek, round);
  const myPicks = usePlayerPicks(isPlayer ? contest?.id : undefined, user?.id, contestWeek);
  const now = useServerNow(seasonInfo.data?.now, seasonInfo.dataUpdatedAt);
  const proposals = useProposals(contest?.id, contestWeek);
  // The contest and week of a stored submission: "Picks Complete", which follows it, takes focus.
  const [submittedFor, setSubmittedFor] = useState<string | null>(null);
  const extraGames = useMemo(() => acceptedGames(proposals.data ?? NO_PROPOSALS), [proposals.data]);

  useFailureToast(games.error, "Failed to fetch games");
  useFailureToast(currentRound.error, "Failed to fetch current round");
  useFailureToast(availability.error, "Failed to fetch game availability");

  const loading =
    seasonInfo.isLoading ||
    users.isLoading ||
    games.isLoading ||
    firstPicker.isLoading ||
    currentRound.isLoading ||
    availability.isLoading ||
    myPicks.isLoading ||
    proposals.isLoading ||
    week === 0;
  // The week's first full render (header, counters, the first game cards, the proposals panel) is
  // drawn in a transition once everything has arrived: React renders it in slices, not in the one
  // long task an arriving query's synchronous update would give.
  const loaded = useDeferredValue(!loading);

  const mine = myPicks.data ?? NO_PICKS;
  const view =
    contest && user && !loading && loaded
      ? pickWeekView({
          contest,
          user,
          isPlayer,
          week,
          users: users.data,
          roundsTurn: currentRound.data ?? null,
          mine,
          opponentPicks: availability.data?.opponentPicks,
          priorPicks: availability.data?.playerPriorPicksDetailed,
          extraGames,
          firstPickerId: firstPicker.data?.firstPickerId,
          now,
        })
      : null;
  // The week's deadline as the server names it; worked out here only for another season's week.
  const named = seasonInfo.data?.season === season ? seasonInfo.data?.deadlines[week - 1] : undefined;
  const submissionKey = contest ? `${contest.id}:${week}` : null;

  return {
    contests,
    choice,
    user,
    week,
    season,
    round,
    isPlayer,
    now,
    view,
    mine,
    deadline: named ? new Date(named) : weekDeadline(games.data ?? NO_GAMES),
    games,
    /** The week's games, an empty list until they arrive. */
    gameList: games.data ?? NO_GAMES,
    availability,
    proposals,
    extraGames,
    justSubmitted: submissionKey !== null && submittedFor === submissionKey,
    onSubmitted: () => setSubmittedFor(submissionKey),
  };
}
