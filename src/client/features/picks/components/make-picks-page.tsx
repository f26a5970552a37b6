import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { AlertCircle } from "lucide-react";
import { useSearchParams } from "wouter";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import type { Proposal } from "@/contracts/proposals";
import { picksLeft } from "@/domain/picks";
import { weekAllowance } from "@/domain/rounds";
import { automaticFirstPicker } from "@/domain/turn";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useWeekGames } from "@/client/lib/queries/games";
import { useAvailability, useCurrentRound, useFirstPicker, usePlayerPicks } from "@/client/lib/queries/picks";
import { useProposals } from "@/client/lib/queries/proposals";
import { useSeason } from "@/client/lib/queries/season";
import { displayName, useUsers } from "@/client/lib/queries/users";
import { isGameOpen, pickingBlock, weekDeadline } from "../picks-view";
import { picksTarget } from "@/contracts/screens";
import { acceptedGames } from "../proposals-view";
import { useServerNow } from "../use-server-now";
import { GameProposalsPanel } from "./game-proposals-panel";
import { PickSelection } from "./pick-selection";
import { ContestNotFound, NoActiveContest, PicksComplete, PicksSkeleton } from "./picks-states";

const NO_PICKS: MadePick[] = [];
const NO_PROPOSALS: Proposal[] = [];
const NO_GAMES: Game[] = [];

/** SPEC.md section 8's loading-failure toasts, once per failure. */
function useFailureToast(error: unknown, title: string) {
  useEffect(() => {
    if (error)
      toast({ variant: "destructive", title, description: errorMessage(error, "Please try again.") });
  }, [error, title]);
}

/** Make Picks (/picks?contestId=&week=&season=): which contest and week, see picksTarget. */
export default function MakePicksPage() {
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

  if (contests.error) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Failed to load your contests</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(contests.error, "Please try again.")}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void contests.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!choice || !user) return <PicksSkeleton />;
  if (choice.kind === "none") return <NoActiveContest />;
  if (choice.kind === "not-found") return <ContestNotFound id={choice.id} />;

  if (loading || !loaded) return <PicksSkeleton />;

  const { contest: chosen } = choice;
  // The week's deadline as the server names it; worked out here only for another season's week.
  const named = seasonInfo.data?.season === season ? seasonInfo.data?.deadlines[week - 1] : undefined;
  const deadline = named ? new Date(named) : weekDeadline(games.data ?? NO_GAMES);
  const mine = myPicks.data ?? NO_PICKS;

  const nameOf = (id: string | null, fallback: string) =>
    displayName(
      users.data?.find((candidate) => candidate.id === id),
      fallback,
    );
  const player1 = nameOf(chosen.player1Id, "Player 1");
  const player2 = nameOf(chosen.player2Id, chosen.player2Email || "Player 2");
  const playerName = isPlayer ? displayName(user) : player1;
  const opponentName = isPlayer ? (user.id === chosen.player1Id ? player2 : player1) : player2;

  // The week's rounds (one of the contest's picks per player unless it plays custom rounds).
  const roundsTurn = currentRound.data ?? null;
  const weekPicks =
    roundsTurn && chosen.player2Id
      ? weekAllowance(
          roundsTurn.rounds,
          { player1Id: chosen.player1Id, player2Id: chosen.player2Id },
          isPlayer ? user.id : chosen.player1Id,
        )
      : chosen.maxPicksPerPlayer;
  // Accepted proposals add one pick each on their game: complete once nothing is left to pick.
  const left = picksLeft({
    allowance: weekPicks,
    mine,
    extraGames: extraGames.map((game) => ({ id: game.id, open: isGameOpen(game, now) })),
  });
  const heldPicks = [
    ...(availability.data?.opponentPicks ?? NO_PICKS),
    ...(availability.data?.playerPriorPicksDetailed ?? mine),
  ];
  const block = pickingBlock(chosen, user.id, week);
  const proposalsPanel = (
    <GameProposalsPanel
      contestId={chosen.id}
      week={week}
      userId={user.id}
      isPlayer={isPlayer}
      block={block}
      opponentName={opponentName}
      games={games.data ?? NO_GAMES}
      proposals={proposals.data}
      loading={proposals.isLoading}
      error={proposals.error}
      onRetry={() => void proposals.refetch()}
      pickedGameIds={new Set(heldPicks.map((pick) => pick.gameId))}
      now={now}
    />
  );

  if (isPlayer && left.total === 0) {
    return (
      <div className="space-y-6">
        <PicksComplete
          contestId={chosen.id}
          week={week}
          maxPicks={mine.length}
          picks={mine}
          justSubmitted={submittedFor === `${chosen.id}:${week}`}
        />
        {proposalsPanel}
      </div>
    );
  }

  const firstPickerId =
    firstPicker.data?.firstPickerId ??
    (chosen.player2Id
      ? automaticFirstPicker({ player1Id: chosen.player1Id, player2Id: chosen.player2Id }, week)
      : chosen.player1Id);

  return (
    <PickSelection
      key={`${chosen.id}:${week}:${season}`}
      contest={chosen}
      week={week}
      round={round}
      userId={user.id}
      roundsTurn={roundsTurn}
      weekPicks={weekPicks}
      playerName={playerName}
      opponentName={opponentName}
      isFirstPicker={isPlayer ? firstPickerId === user.id : null}
      block={block}
      games={games.data}
      gamesError={games.error}
      onRetryGames={() => void games.refetch()}
      opponentPicks={availability.data?.opponentPicks ?? NO_PICKS}
      myPicks={availability.data?.playerPriorPicksDetailed ?? mine}
      availabilityError={availability.error}
      onRetryAvailability={() => void availability.refetch()}
      now={now}
      deadline={deadline}
      extraGames={extraGames}
      proposalsPanel={proposalsPanel}
      onSubmitted={() => setSubmittedFor(`${chosen.id}:${week}`)}
    />
  );
}
