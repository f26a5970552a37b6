import {
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import {
  AlertCircle,
  CalendarCheck,
  CalendarX2,
  Clock,
  Hourglass,
  ListChecks,
  ListPlus,
  Lock,
  MousePointerClick,
  Send,
  Sparkles,
  Ticket,
  X,
} from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { basePicksUsed, pickFits, picksLeft, select } from "@/domain/picks";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { groupByWeekday } from "@/client/lib/games";
import { contestsKey } from "@/client/lib/queries/contests";
import { turnQuery } from "@/client/lib/queries/turn";
import { useSubmitPicks } from "@/client/lib/queries/picks";
import { queryClient } from "@/client/lib/query-client";
import {
  deadlineText,
  gameCountLabel,
  isGameOpen,
  matchupOf,
  picksByGame,
  sideLabel,
  turnAlert,
  allowanceNow,
  roundsTurnAlert,
  type RoundsTurn,
  validSelections,
  validateSelection,
  type Selection,
  type TurnAlert,
} from "../picks-view";
import { useRenderInSteps } from "@/client/hooks/use-render-in-steps";
import { ConfirmPicksDialog } from "./confirm-picks-dialog";
import { PickGameCard, type ToggleSide } from "./pick-game-card";
import { plural } from "@/domain/plural";

export interface PickSelectionProps {
  contest: Contest;
  week: number;
  round: number;
  /** The viewer. */
  userId: string;
  /** The week's rounds and whose turn it is by them; null until known. */
  roundsTurn: RoundsTurn | null;
  /** The picks the viewer makes this week over all rounds, extra games aside. */
  weekPicks: number;
  playerName: string;
  opponentName: string;
  /** Null when the viewer is not one of the contest's players (an admin looking in). */
  isFirstPicker: boolean | null;
  /** Why nobody picks here (not a player, contest not active, another week), or null. */
  block: string | null;
  games: Game[] | undefined;
  gamesError: unknown;
  onRetryGames: () => void;
  opponentPicks: MadePick[];
  myPicks: MadePick[];
  availabilityError: unknown;
  onRetryAvailability: () => void;
  now: Date;
  /** The first picker's deadline of the week (Thursday 4:00 PM Pacific), null without games. */
  deadline: Date | null;
  /** The week's accepted extra games (game proposals): one more pick each, on that game. */
  extraGames: Game[];
  /** The Additional Game Proposals panel, shown below the games. */
  proposalsPanel?: ReactNode;
  /** A submission was stored (the refreshed picks then show "Picks Complete", which takes focus). */
  onSubmitted?: () => void;
}

const CARD_GRID = "grid gap-3 sm:grid-cols-2 xl:grid-cols-3";
/** Game cards drawn with the page; the others follow at once, in a transition. */
const FIRST_CARDS = 4;

/** The day groups cut to their first `count` games in all (each keeps its full size in `size`). */
function shownGroups<T>(groups: { day: string; date: string; games: T[] }[], count: number) {
  let left = count;
  return groups.flatMap((group) => {
    if (left <= 0) return [];
    const games = group.games.slice(0, left);
    left -= games.length;
    return [{ day: group.day, date: group.date, games, size: group.games.length }];
  });
}
const NO_PICKS: MadePick[] = [];

function Stat({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <div className="rounded-xl border bg-card px-4 py-3 shadow-xs">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&>svg]:size-3.5">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-lg font-bold whitespace-nowrap tabular-nums sm:text-2xl">{value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

const TURN_LOOK: Record<TurnAlert["kind"], { icon: ReactNode; title: string; className: string }> = {
  first: {
    icon: <Sparkles aria-hidden="true" />,
    title: "Your turn",
    className: "border-primary/40 bg-primary/5 [&>svg]:text-primary",
  },
  second: {
    icon: <MousePointerClick aria-hidden="true" />,
    title: "Your turn",
    className: "border-primary/40 bg-primary/5 [&>svg]:text-primary",
  },
  wait: {
    icon: <Hourglass aria-hidden="true" />,
    title: "Not your turn yet",
    className:
      "border-amber-500/50 bg-amber-50 dark:bg-amber-500/10 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400",
  },
};

function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error, "Please try again.")}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function NoGames({ week }: { week: number }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center px-6 py-10 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
          <CalendarX2 className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">No Games Scheduled</h2>
        <p className="mt-1 text-sm text-muted-foreground">There are no games scheduled for Week {week}.</p>
      </CardContent>
    </Card>
  );
}

/** The week's games with pick buttons, the turn alert, the counters and the submission. */
export function PickSelection(props: PickSelectionProps) {
  const { contest, week, round, opponentName, now, deadline, opponentPicks, myPicks, extraGames } = props;
  const games = props.games;
  const { roundsTurn, weekPicks } = props;
  // When the week's next pick is due ("Deadline"); the Dashboard's cards read the same turn.
  const weekTurn = useQuery(turnQuery(contest.id, week));
  const extraIds = useMemo(() => new Set(extraGames.map((game) => game.id)), [extraGames]);
  const deadlinePassed = deadline !== null && now >= deadline;
  // The picks the viewer may hold after submitting now: this round's on their turn, else the week's.
  const maxPicks = allowanceNow({
    turn: roundsTurn,
    userId: props.userId,
    weekPicks,
    baseHeld: basePicksUsed(myPicks, extraIds),
    deadlinePassed,
  });
  const rounds = roundsTurn && roundsTurn.rounds.length > 1 ? roundsTurn : null;
  // The base picks left, plus one on each open extra game the player has not picked yet.
  const left = useMemo(
    () =>
      picksLeft({
        allowance: maxPicks,
        mine: myPicks,
        extraGames: extraGames.map((game) => ({ id: game.id, open: isGameOpen(game, now) })),
      }),
    [maxPicks, myPicks, extraGames, now],
  );
  const remaining = left.total;

  const [selections, setSelections] = useState<Selection[]>([]);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitPicks();
  // Cancel (or a refusal) brings focus back here; a stored submission moves it to "Picks Complete".
  const submitButton = useRef<HTMLButtonElement>(null);

  const gamesById = useMemo(() => new Map((games ?? []).map((game) => [game.id, game])), [games]);
  const groups = useMemo(() => groupByWeekday(games ?? []), [games]);
  // A phone's screen holds two cards, a desktop's about four: the rest are drawn right after.
  const shownCards = useRenderInSteps(games?.length ?? 0, FIRST_CARDS);
  const opponentByGame = useMemo(() => picksByGame(opponentPicks), [opponentPicks]);
  const mineByGame = useMemo(() => picksByGame(myPicks), [myPicks]);
  const openGames = useMemo(
    () => new Set((games ?? []).filter((game) => isGameOpen(game, now)).map((game) => game.id)),
    [games, now],
  );

  const turn =
    props.isFirstPicker === null
      ? null
      : rounds
        ? roundsTurnAlert({
            turn: rounds,
            userId: props.userId,
            remaining,
            baseLeft: Math.max(weekPicks - basePicksUsed(myPicks, extraIds), 0),
            deadlinePassed,
            opponentName,
          })
        : turnAlert({
            isFirstPicker: props.isFirstPicker,
            opponentPickCount: opponentPicks.length,
            maxPicks,
            deadlinePassed,
            remaining,
            opponentName,
          });
  const availabilityFailed = Boolean(props.availabilityError);
  const blockedReason =
    props.block ??
    (availabilityFailed
      ? "The picks already made could not be loaded"
      : turn?.kind === "wait"
        ? rounds
          ? `Wait for ${opponentName} to make their round ${rounds.currentRound} picks first`
          : `Wait for ${opponentName} to make their picks first`
        : null);
  const canPick = blockedReason === null && Boolean(turn?.canPick);

  const valid = useMemo(
    () => validSelections(selections, gamesById, opponentByGame, mineByGame, now),
    [selections, gamesById, opponentByGame, mineByGame, now],
  );
  const selectedByGame = useMemo(() => {
    const byGame = new Map<string, Partial<Record<Selection["market"], Selection["side"]>>>();
    for (const selection of valid) {
      byGame.set(selection.gameId, { ...byGame.get(selection.gameId), [selection.market]: selection.side });
    }
    return byGame;
  }, [valid]);
  const full = valid.length >= remaining;
  // The click that fills the selection disables every other button, a re-render of all the cards:
  // deferred, so it runs in slices after the click has answered (select() refuses a pick past the
  // maximum meanwhile, as the disabled button would).
  const cardsFull = useDeferredValue(full);
  // Held and selected picks together: beyond the base picks, only an extra game takes one more.
  const held = useMemo(() => [...myPicks, ...valid], [myPicks, valid]);
  const extraReason = useMemo(() => {
    const open = extraGames.filter(
      (game) => isGameOpen(game, now) && !held.some((pick) => pick.gameId === game.id),
    );
    return open.length ? `Your extra pick must be on ${open.map(matchupOf).join(" or ")}` : null;
  }, [extraGames, held, now]);

  // The cards get one stable toggle, so a click re-renders only the cards whose picks changed.
  const latest = useRef({ valid, remaining, held, extraIds });
  useLayoutEffect(() => {
    latest.current = { valid, remaining, held, extraIds };
  });
  const onToggle = useCallback<ToggleSide>(
    (gameId, market, side) => {
      const { valid: current, remaining: max, held: picks, extraIds: extras } = latest.current;
      const chosen = current.find((s) => s.gameId === gameId && s.market === market)?.side;
      // A new pick where only an extra game may take one is ignored, like one past the maximum.
      const ignored = chosen === undefined && !pickFits(picks, gameId, maxPicks, extras);
      setSelections(ignored ? current : select(current, gameId, market, chosen === side ? null : side, max));
    },
    [maxPicks],
  );

  const canSubmit =
    canPick &&
    valid.length === remaining &&
    remaining > 0 &&
    basePicksUsed(held, extraIds) <= maxPicks &&
    !submit.isPending;

  const onSubmit = () => {
    const problem = validateSelection(valid.length, remaining);
    if (problem) {
      toast({ variant: "destructive", title: problem.title, description: problem.description });
      return;
    }
    setConfirming(true);
  };

  const onConfirm = async () => {
    try {
      // Awaited, not callbacks: the refreshed picks may replace this view with "Picks Complete".
      const stored = await submit.mutateAsync({
        contestId: contest.id,
        week,
        round,
        picks: valid.map(({ gameId, market, side }) => ({ gameId, market, side })),
      });
      toast({
        title: "Picks Submitted",
        description: `Successfully submitted ${plural(stored.length, "pick")}!`,
      });
      setSelections([]);
      props.onSubmitted?.();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to submit picks"),
      });
      // A refusal usually means something changed meanwhile (a side taken, a kickoff): show it.
      void queryClient.invalidateQueries({ queryKey: [...contestsKey, contest.id] });
    } finally {
      setConfirming(false);
    }
  };

  const gameCount = games?.length ?? 0;
  const title = `Week ${week} Picks - ${contest.name}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={`${props.playerName} vs ${opponentName}`}
        actions={
          props.isFirstPicker === null && !rounds ? null : (
            <div className="flex flex-wrap items-center gap-2">
              {rounds ? (
                <Badge variant="outline" className="h-7 px-3 text-sm">
                  Round {rounds.currentRound} of {rounds.rounds.length}
                </Badge>
              ) : null}
              {props.isFirstPicker === null ? null : (
                <Badge
                  variant={props.isFirstPicker ? "default" : "secondary"}
                  className="h-7 px-3 text-sm"
                  aria-label={props.isFirstPicker ? "You are the First Picker" : "You are the Second Picker"}
                >
                  <Ticket aria-hidden="true" />
                  {props.isFirstPicker ? "First Picker" : "Second Picker"}
                </Badge>
              )}
            </div>
          )
        }
      />

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          icon={<Clock aria-hidden="true" />}
          label="Deadline"
          value={deadlineText(gameCount, weekTurn.data, contest.player1Id, now)}
        />
        <Stat
          icon={<ListChecks aria-hidden="true" />}
          label="Picks Remaining"
          value={String(remaining)}
          note={
            rounds && maxPicks < weekPicks
              ? `in round ${rounds.currentRound}, of ${weekPicks} this week`
              : extraGames.length
                ? `of ${weekPicks} + ${extraGames.length} extra this week`
                : `of ${weekPicks} this week`
          }
        />
        <Stat
          icon={<MousePointerClick aria-hidden="true" />}
          label="Selected"
          value={`${valid.length}/${remaining}`}
        />
        <Stat
          icon={<CalendarCheck aria-hidden="true" />}
          label="Games Available"
          value={String(openGames.size)}
          note={games ? `of ${gameCountLabel(gameCount)}` : undefined}
        />
      </dl>

      {props.block ? (
        <Alert>
          <Lock aria-hidden="true" />
          <AlertTitle>Picks are closed here</AlertTitle>
          <AlertDescription>
            <p>{props.block}</p>
            {contest.currentWeek !== week && props.isFirstPicker !== null && contest.status === "active" ? (
              <Button asChild variant="outline" size="sm" className="mt-2">
                <Link href={`/picks?contestId=${contest.id}&week=${contest.currentWeek}`}>
                  Go to Week {contest.currentWeek}
                </Link>
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : turn ? (
        <Alert className={TURN_LOOK[turn.kind].className}>
          {TURN_LOOK[turn.kind].icon}
          <AlertTitle>{TURN_LOOK[turn.kind].title}</AlertTitle>
          <AlertDescription className="text-foreground">
            <p>{turn.message}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {!props.block && props.isFirstPicker !== null && left.extraGameIds.length > 0 ? (
        <Alert className="border-primary/40 bg-primary/5 [&>svg]:text-primary">
          <ListPlus aria-hidden="true" />
          <AlertTitle>Extra Pick</AlertTitle>
          <AlertDescription className="text-foreground">
            <p>
              An accepted proposal gives you one more pick this week, on{" "}
              {extraGames
                .filter((game) => left.extraGameIds.includes(game.id))
                .map(matchupOf)
                .join(" and ")}
              .
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {availabilityFailed ? (
        <LoadError
          title="Failed to fetch game availability"
          error={props.availabilityError}
          onRetry={props.onRetryAvailability}
        />
      ) : null}

      {props.gamesError ? (
        <LoadError title="Failed to fetch games" error={props.gamesError} onRetry={props.onRetryGames} />
      ) : gameCount === 0 ? (
        <NoGames week={week} />
      ) : (
        <div className="space-y-8">
          {shownGroups(groups, shownCards).map(({ day, date, games: dayGames, size }) => (
            <section key={date} aria-labelledby={`picks-day-${date}`} className="space-y-3">
              <div className="flex items-center gap-2">
                <h2 id={`picks-day-${date}`} className="text-lg font-semibold">
                  {day}
                </h2>
                <Badge variant="outline" className="text-muted-foreground">
                  {gameCountLabel(size)}
                </Badge>
              </div>
              <div className={CARD_GRID}>
                {dayGames.map((game) => {
                  const selected = selectedByGame.get(game.id);
                  // Base picks all selected: only an extra game not picked yet takes one more.
                  const extraOnly = !cardsFull && !pickFits(held, game.id, maxPicks, extraIds);
                  return (
                    <PickGameCard
                      key={game.id}
                      game={game}
                      open={openGames.has(game.id)}
                      opponentPicks={opponentByGame.get(game.id) ?? NO_PICKS}
                      myPicks={mineByGame.get(game.id) ?? NO_PICKS}
                      selectedSpread={selected?.spread}
                      selectedTotal={selected?.total}
                      canPick={canPick}
                      blockedReason={blockedReason}
                      full={cardsFull || extraOnly}
                      fullReason={extraOnly ? extraReason : null}
                      remaining={remaining}
                      extra={extraIds.has(game.id)}
                      opponentName={opponentName}
                      onToggle={onToggle}
                    />
                  );
                })}
              </div>
            </section>
          ))}
        </div>
      )}

      {props.proposalsPanel}

      {props.isFirstPicker !== null && !props.block ? (
        <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.15)] sm:-mx-6 sm:px-6 dark:shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.6)]">
          <div className="flex items-center gap-2 sm:gap-3">
            <div className="min-w-0 flex-1" aria-live="polite">
              <p className="text-sm font-semibold">
                {valid.length} of {plural(remaining, "pick")} selected
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {valid.length
                  ? valid
                      .map((s) => {
                        const game = gamesById.get(s.gameId);
                        return game ? sideLabel(game, s.market, s.side) : "";
                      })
                      .join(" · ")
                  : canPick
                    ? "Tap a side on a game to select it."
                    : "Picks open on your turn."}
              </p>
            </div>
            {valid.length ? (
              <Button
                variant="ghost"
                size="lg"
                className="px-3"
                onClick={() => setSelections([])}
                disabled={submit.isPending}
                aria-label="Clear selection"
              >
                <X aria-hidden="true" />
                <span className="hidden sm:inline">Clear</span>
              </Button>
            ) : null}
            <Button ref={submitButton} size="lg" onClick={onSubmit} disabled={!canSubmit}>
              <Send aria-hidden="true" />
              Submit Picks
            </Button>
          </div>
        </div>
      ) : null}

      <ConfirmPicksDialog
        open={confirming}
        onOpenChange={setConfirming}
        week={week}
        selections={valid}
        games={gamesById}
        pending={submit.isPending}
        onConfirm={() => void onConfirm()}
        returnFocusTo={submitButton}
      />
    </div>
  );
}
