import type { ReactNode } from "react";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { NoGamesCard } from "@/client/components/no-games-card";
import { PageHeader } from "@/client/components/page-header";
import { weekName } from "@/domain/postseason";
import { deadlineText, pickCountTexts, picksClosed } from "../picks-view";
import { usePickSelection, type PickSelectionInput } from "../use-pick-selection";
import { ConfirmPicksDialog } from "./confirm-picks-dialog";
import { ExtraPickAlert } from "./extra-pick-alert";
import { PickDayGroups } from "./pick-day-groups";
import { PickStats } from "./pick-stats";
import { PickSubmitBar } from "./pick-submit-bar";
import { PickTurnAlert } from "./pick-turn-alert";
import { PickerBadges } from "./picker-badges";

export interface PickSelectionProps extends PickSelectionInput {
  playerName: string;
  gamesError: unknown;
  onRetryGames: () => void;
  onRetryAvailability: () => void;
  /** The week's Tiebreaker card, shown below the games. */
  tiebreakerCard?: ReactNode;
  /** The Additional Game Proposals panel, shown below the games. */
  proposalsPanel?: ReactNode;
}

/** The week's games with pick buttons, the turn alert, the counters and the submission. */
export function PickSelection(props: PickSelectionProps) {
  const { contest, week, opponentName, now, extraGames, weekPicks, block, isFirstPicker } = props;
  const picks = usePickSelection(props);
  const { rounds, remaining, left, valid, submission } = picks;
  const gameCount = props.games?.length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`${weekName(week)} Picks - ${contest.name}`}
        description={`${props.playerName} vs ${opponentName}`}
        actions={
          isFirstPicker === null && !rounds ? null : (
            <PickerBadges rounds={rounds} isFirstPicker={isFirstPicker} />
          )
        }
      />

      <PickStats
        deadline={deadlineText(gameCount, picks.deadlineTurn, contest.player1Id, now)}
        {...pickCountTexts({
          closed: picksClosed(block, gameCount, picks.openCount),
          remaining,
          note:
            rounds && picks.maxPicks < weekPicks
              ? `in round ${rounds.currentRound}, of ${weekPicks} this week`
              : extraGames.length
                ? `of ${weekPicks} + ${extraGames.length} extra this week`
                : `of ${weekPicks} this week`,
          selected: valid.length,
        })}
        openCount={picks.openCount}
        gameCount={props.games ? gameCount : undefined}
      />

      <PickTurnAlert
        contest={contest}
        week={week}
        block={block}
        isPlayer={isFirstPicker !== null}
        turn={picks.turn}
      />

      {!block && isFirstPicker !== null && left.extraGameIds.length > 0 ? (
        <ExtraPickAlert games={extraGames.filter((game) => left.extraGameIds.includes(game.id))} />
      ) : null}

      {picks.availabilityFailed ? (
        <LoadErrorAlert
          title="Failed to fetch game availability"
          error={props.availabilityError}
          onRetry={props.onRetryAvailability}
        />
      ) : null}

      {props.gamesError ? (
        <LoadErrorAlert title="Failed to fetch games" error={props.gamesError} onRetry={props.onRetryGames} />
      ) : gameCount === 0 ? (
        <NoGamesCard week={week} />
      ) : (
        <PickDayGroups groups={picks.dayGroups} cardOf={picks.cardOf} />
      )}

      {props.tiebreakerCard}

      {props.proposalsPanel}

      {isFirstPicker !== null && !block ? (
        <PickSubmitBar
          selections={valid}
          lock={picks.lock}
          remaining={remaining}
          games={picks.gamesById}
          canPick={picks.canPick}
          canSubmit={picks.canSubmit}
          pending={submission.pending}
          onClear={picks.clear}
          onSubmit={submission.onSubmit}
          submitButton={submission.submitButton}
        />
      ) : null}

      <ConfirmPicksDialog
        open={submission.confirming}
        onOpenChange={submission.setConfirming}
        week={week}
        selections={valid}
        lock={picks.lock}
        games={picks.gamesById}
        pending={submission.pending}
        onConfirm={() => void submission.onConfirm()}
        returnFocusTo={submission.submitButton}
      />
    </div>
  );
}
