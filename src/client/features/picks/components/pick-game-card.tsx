import { memo, useMemo } from "react";
import { Ban, CalendarClock, Check, ListPlus, Lock } from "lucide-react";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import type { Market, Side } from "@/domain/grading";
import { GameHeading } from "@/client/components/game-heading";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatSpread, formatTotal } from "@/client/lib/games";
import { SeparatedText } from "@/client/components/separated-text";
import { closingLineOf, gameKickedOff, madePickText, type ClosingLine } from "@/client/lib/pick-line";
import { useClosingLines } from "@/client/lib/queries/games";
import { OUTCOME_LABEL, VOID_NOTE } from "@/client/lib/pick-outcome";
import { LockBadge } from "@/client/components/lock-badge";
import { cn } from "@/client/lib/utils";
import type { ToggleLock } from "../use-lock-choice";
import { LockToggle } from "./lock-toggle";
import { OwnPickSweat } from "./own-pick-sweat";
import {
  heldSide,
  matchupOf,
  pickLabel,
  sideButtonName,
  sideOptions,
  sideState,
  type SideOption,
} from "../picks-view";

export type ToggleSide = (gameId: string, market: Market, side: Side) => void;

export interface PickGameCardProps {
  game: Game;
  /** Upcoming and not kicked off by the server's clock. */
  open: boolean;
  opponentPicks: MadePick[] | undefined;
  myPicks: MadePick[] | undefined;
  selectedSpread: Side | undefined;
  selectedTotal: Side | undefined;
  canPick: boolean;
  blockedReason: string | null;
  full: boolean;
  /** Why this game takes no more picks when the count is not the reason (see sideState). */
  fullReason?: string | null;
  remaining: number;
  opponentName: string;
  /** An accepted extra game: one more pick for each player, on this game. */
  extra?: boolean;
  onToggle: ToggleSide;
  /** A selected pick may be made the lock of the week (see mayChooseLock). */
  lockable?: boolean;
  /** The market of this game whose selected side is the lock, if any. */
  lockedMarket?: Market;
  onToggleLock?: ToggleLock;
}

const MARKET_LABEL: Record<Market, string> = { spread: "Spread", total: "Over/Under" };

const MARKER_LOOK = {
  Opp: "bg-destructive/10 text-destructive dark:bg-destructive/20",
  You: "bg-primary/15 text-primary",
} as const;

const BUTTON_BASE =
  "relative flex min-h-11 w-full min-w-0 touch-manipulation items-center justify-center gap-1.5 rounded-lg border px-2 py-2 text-sm font-semibold tabular-nums transition-[background-color,transform] outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
// Whole class lists, built once (none of the additions conflicts with the base, so nothing to merge):
// a click that fills the selection re-renders every button, and tailwind-merge's first call, which
// builds its class map, would otherwise come with this module's loading.
const BUTTON_LOOK = {
  selected: `${BUTTON_BASE} border-primary bg-primary text-primary-foreground shadow-sm hover:bg-primary/90`,
  open: `${BUTTON_BASE} border-input bg-background hover:border-primary/70 hover:bg-accent active:scale-[0.98] dark:bg-input/30 dark:hover:bg-accent`,
  taken: `${BUTTON_BASE} cursor-not-allowed border-dashed bg-muted/50 text-muted-foreground`,
  notNow: `${BUTTON_BASE} cursor-not-allowed border-input bg-background text-muted-foreground opacity-60 dark:bg-input/30`,
};

function PickButton({ game, option, props }: { game: Game; option: SideOption; props: PickGameCardProps }) {
  const { market, side, label } = option;
  const state = sideState({
    market,
    side,
    opponentSide: heldSide(props.opponentPicks, market),
    mySide: heldSide(props.myPicks, market),
    selectedSide: market === "spread" ? props.selectedSpread : props.selectedTotal,
    canPick: props.canPick,
    blockedReason: props.blockedReason,
    full: props.full,
    fullReason: props.fullReason,
    remaining: props.remaining,
    opponentName: props.opponentName,
  });
  // Taken (by either player) looks different from "not now" (waiting, or the selection is full).
  const taken = state.marker !== null || heldSide(props.myPicks, market) !== undefined;
  return (
    <button
      type="button"
      aria-pressed={state.selected}
      disabled={state.disabled}
      title={state.reason ?? undefined}
      aria-label={sideButtonName(game, label, state)}
      onClick={() => props.onToggle(game.id, market, side)}
      className={
        state.selected
          ? BUTTON_LOOK.selected
          : !state.disabled
            ? BUTTON_LOOK.open
            : taken
              ? BUTTON_LOOK.taken
              : BUTTON_LOOK.notNow
      }
    >
      {state.selected ? <Check className="size-4 shrink-0" aria-hidden="true" /> : null}
      <span className="truncate">{label}</span>
      {/* A space between the label and the marker, as the accessible name has it. */}
      {state.marker ? " " : null}
      {state.marker ? (
        <span
          className={cn(
            "rounded px-1.5 py-0.5 text-[10px] leading-none font-bold tracking-wide uppercase",
            MARKER_LOOK[state.marker],
          )}
        >
          {state.marker}
        </span>
      ) : null}
    </button>
  );
}

function MarketPicks({
  game,
  market,
  options,
  props,
}: {
  game: Game;
  market: Market;
  options: SideOption[] | null;
  props: PickGameCardProps;
}) {
  const id = `${game.id}-${market}`;
  const selectedSide = market === "spread" ? props.selectedSpread : props.selectedTotal;
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className="mb-1.5 text-xs font-medium text-muted-foreground">
        {MARKET_LABEL[market]}
      </div>
      {options ? (
        <div className="grid grid-cols-2 gap-2">
          {options.map((option) => (
            <PickButton key={option.side} game={game} option={option} props={props} />
          ))}
        </div>
      ) : (
        <p className="rounded-lg border border-dashed px-3 py-2.5 text-center text-sm text-muted-foreground">
          No line yet
        </p>
      )}
      {selectedSide && props.lockable && props.onToggleLock ? (
        <LockToggle
          game={game}
          selection={{ gameId: game.id, market, side: selectedSide }}
          pressed={props.lockedMarket === market}
          onToggleLock={props.onToggleLock}
        />
      ) : null}
    </div>
  );
}

function Lines({ game }: { game: Game }) {
  return (
    <dl className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2">
      {[
        ["Spread", formatSpread(game)],
        ["Over/Under", formatTotal(game)],
      ].map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className={cn("mt-0.5 text-sm font-semibold", !value && "font-normal text-muted-foreground")}>
            {value ?? "No line"}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const HELD_LOOK = {
  opponent: "border-destructive/30 bg-destructive/5 text-destructive dark:bg-destructive/10",
  mine: "border-primary/30 bg-primary/10 text-primary",
  // A canceled game's picks: they count neither way.
  void: "border-dashed text-muted-foreground",
} as const;

function HeldPicks({
  who,
  picks,
  tone,
  closing,
}: {
  who: string;
  picks: MadePick[];
  tone: keyof typeof HELD_LOOK;
  /** The game's closing line, once it has kicked off. */
  closing: ClosingLine | undefined;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs">
      <span className="font-medium text-muted-foreground">{who}</span>
      {picks.map((pick) => (
        <span key={pick.id} className="inline-flex items-center gap-1">
          <span className={cn("rounded-md border px-1.5 py-0.5 font-semibold tabular-nums", HELD_LOOK[tone])}>
            <SeparatedText text={madePickText(pick, pickLabel(pick), closing)} />
          </span>
          {pick.isLock ? <LockBadge /> : null}
        </span>
      ))}
    </div>
  );
}

/** Why a game that is not live or final takes no picks. */
const LOCK_NOTE = {
  upcoming: { icon: Lock, text: "Kicked off: picks are locked." },
  postponed: { icon: CalendarClock, text: "Postponed: it can be picked once it has a new date." },
  canceled: { icon: Ban, text: "Canceled: it cannot be picked." },
} as const;

const LockedGame = memo(function LockedGame({ game }: { game: Game }) {
  const note = game.status === "live" || game.status === "final" ? null : LOCK_NOTE[game.status];
  return (
    <>
      <Lines game={game} />
      {note ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <note.icon className="size-3.5 shrink-0" aria-hidden="true" /> {note.text}
        </p>
      ) : null}
    </>
  );
});

const HeldOnGame = memo(function HeldOnGame({
  game,
  kickedOff,
  opponentName,
  opponentPicks,
  myPicks,
}: {
  game: Game;
  /** By the card's clock: the picks are shown beside the game's closing line from then. */
  kickedOff: boolean;
  opponentName: string;
  opponentPicks: MadePick[] | undefined;
  myPicks: MadePick[] | undefined;
}) {
  const canceled = game.status === "canceled";
  const held = Boolean(opponentPicks?.length || myPicks?.length);
  const closingLines = useClosingLines(game.season, held && kickedOff);
  if (!held) return null;
  const closing = kickedOff ? closingLineOf(game, closingLines) : undefined;
  return (
    <div className="space-y-1.5 border-t pt-3">
      {opponentPicks?.length ? (
        <HeldPicks
          who={`${opponentName} picked`}
          picks={opponentPicks}
          tone={canceled ? "void" : "opponent"}
          closing={closing}
        />
      ) : null}
      {myPicks?.length ? (
        <HeldPicks who="You picked" picks={myPicks} tone={canceled ? "void" : "mine"} closing={closing} />
      ) : null}
      {myPicks?.length ? <OwnPickSweat picks={myPicks} game={game} /> : null}
      {canceled ? (
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Ban className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">{OUTCOME_LABEL.void}.</span> {VOID_NOTE}
          </span>
        </p>
      ) : null}
    </div>
  );
});

/**
 * One game of the week: matchup, kickoff, status; the pick buttons while it is open (each showing
 * the line the pick is made at), else its lines and score; and the picks both players hold on it.
 * Memoized, with its static parts memoized apart: a click re-renders only the buttons that change.
 */
export const PickGameCard = memo(function PickGameCard(props: PickGameCardProps) {
  const { game, open } = props;
  const selected = Boolean(props.selectedSpread || props.selectedTotal);
  const options = useMemo(() => sideOptions(game), [game]);
  return (
    <Card
      role="article"
      aria-label={matchupOf(game)}
      className={cn("gap-3 px-4 py-4", selected && "border-primary/60 ring-2 ring-primary/30")}
    >
      <GameHeading game={game} />
      {props.extra ? (
        <p className="-mt-1 flex items-center gap-1.5 text-xs font-medium text-primary">
          <ListPlus className="size-3.5" aria-hidden="true" /> Extra game: one more pick each, on this game
        </p>
      ) : null}
      {open ? (
        <div className="space-y-3">
          <MarketPicks game={game} market="spread" options={options.spread} props={props} />
          <MarketPicks game={game} market="total" options={options.total} props={props} />
        </div>
      ) : (
        <LockedGame game={game} />
      )}
      <HeldOnGame
        game={game}
        kickedOff={!open && gameKickedOff(game)}
        opponentName={props.opponentName}
        opponentPicks={props.opponentPicks}
        myPicks={props.myPicks}
      />
    </Card>
  );
});

export function PickGameCardSkeleton() {
  return (
    <Card className="gap-3 px-4 py-4" aria-hidden="true">
      <div className="flex justify-between">
        <div className="space-y-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-5 w-16" />
      </div>
      <Skeleton className="h-3 w-12" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-3 w-16" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    </Card>
  );
}
