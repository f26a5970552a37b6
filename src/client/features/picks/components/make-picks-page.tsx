import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { useMakePicks } from "../use-make-picks";
import { GameProposalsPanel } from "./game-proposals-panel";
import { PickSelection } from "./pick-selection";
import { ContestNotFound, NoActiveContest, PicksComplete, PicksSkeleton } from "./picks-states";
import { TiebreakerCard } from "./tiebreaker-card";

/** Make Picks (/picks?contestId=&week=&season=): which contest and week, see picksTarget. */
export default function MakePicksPage() {
  const page = useMakePicks();
  const { choice, user, week, view, games, availability, proposals } = page;

  if (page.contests.error) {
    return (
      <LoadErrorAlert
        title="Failed to load your contests"
        error={page.contests.error}
        onRetry={() => void page.contests.refetch()}
      />
    );
  }
  if (!choice || !user) return <PicksSkeleton />;
  if (choice.kind === "none") return <NoActiveContest />;
  if (choice.kind === "not-found") return <ContestNotFound id={choice.id} />;
  if (!view) return <PicksSkeleton />;

  const { contest } = choice;
  const proposalsPanel = (
    <GameProposalsPanel
      contestId={contest.id}
      week={week}
      userId={user.id}
      isPlayer={page.isPlayer}
      block={view.block}
      opponentName={view.opponentName}
      games={page.gameList}
      proposals={proposals.data}
      loading={proposals.isLoading}
      error={proposals.error}
      onRetry={() => void proposals.refetch()}
      pickedGameIds={view.pickedGameIds}
      now={page.now}
    />
  );

  const tiebreakerCard = (
    <TiebreakerCard
      contest={contest}
      week={week}
      userId={user.id}
      games={page.gameList}
      names={{ player: view.playerName, opponent: view.opponentName }}
      now={page.now}
    />
  );

  if (view.complete) {
    return (
      <div className="space-y-6">
        <PicksComplete
          contestId={contest.id}
          week={week}
          maxPicks={page.mine.length}
          picks={page.mine}
          justSubmitted={page.justSubmitted}
        />
        {tiebreakerCard}
        {proposalsPanel}
      </div>
    );
  }

  return (
    <PickSelection
      key={`${contest.id}:${week}:${page.season}`}
      contest={contest}
      week={week}
      round={page.round}
      userId={user.id}
      roundsTurn={view.roundsTurn}
      weekPicks={view.weekPicks}
      playerName={view.playerName}
      opponentName={view.opponentName}
      isFirstPicker={view.isFirstPicker}
      block={view.block}
      games={games.data}
      gamesError={games.error}
      onRetryGames={() => void games.refetch()}
      opponentPicks={view.opponentPicks}
      myPicks={view.myPicks}
      availabilityError={availability.error}
      onRetryAvailability={() => void availability.refetch()}
      now={page.now}
      deadline={page.deadline}
      extraGames={page.extraGames}
      tiebreakerCard={tiebreakerCard}
      proposalsPanel={proposalsPanel}
      onSubmitted={page.onSubmitted}
    />
  );
}
