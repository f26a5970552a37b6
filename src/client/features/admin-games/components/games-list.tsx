import { Fragment } from "react";
import { Pencil, Pin, Trash2 } from "lucide-react";
import type { Game } from "@/contracts/games";
import { GameStatusBadge } from "@/client/components/game-status-badge";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { favoriteTeamOf, formatKickoff, MONTH_SHORT, shownScore } from "@/client/lib/games";
import { weekLabel } from "@/client/lib/week-names";
import { leagueClock, leagueDateKey, leagueWeekday } from "@/domain/league-time";
import { weekName } from "@/domain/postseason";
import { matchupOf, pinnedSummary, plainLine, signedLine } from "../games-admin";
import { FollowFeedButton } from "./follow-feed-button";
import { PinMark } from "./pin-mark";

// One grid for the column headings and the rows on wide screens; rows stack on narrow ones.
const COLUMNS =
  "lg:grid-cols-[4.5rem_minmax(7rem,1fr)_minmax(9rem,11rem)_4.5rem_4.5rem_5rem_6rem_5.5rem] lg:gap-x-3";

export interface GameActions {
  onEdit(game: Game): void;
  onDelete(game: Game): void;
}

export function GamesList({ games, actions }: { games: Game[]; actions: GameActions }) {
  return (
    <div>
      <div
        aria-hidden="true"
        className={`hidden border-b px-3 pb-2 text-xs font-medium text-muted-foreground lg:grid ${COLUMNS}`}
      >
        <span>Week</span>
        <span>Matchup</span>
        <span>Date &amp; Time</span>
        <span>Spread</span>
        <span>O/U</span>
        <span>Favorite</span>
        <span>Status</span>
        <span className="text-right">Actions</span>
      </div>
      <ul className="divide-y">
        {games.map((game, index) => {
          const day = leagueDayOf(game);
          const previous = games[index - 1];
          const newDay = !previous || leagueDayOf(previous) !== day;
          return (
            <Fragment key={game.id}>
              {newDay ? <DayHeading game={game} /> : null}
              <GameRow game={game} actions={actions} />
            </Fragment>
          );
        })}
      </ul>
    </div>
  );
}

/** A row's day within its season and week: the list is ordered by league day (US Eastern). */
const leagueDayOf = (game: Game) => `${game.season}/${game.week}/${leagueDateKey(game.gameDate)}`;

/** "Thursday Sep 4 · Week 1": the league's day (US Eastern), whatever the viewer's zone. */
function DayHeading({ game }: { game: Game }) {
  const clock = leagueClock(game.gameDate);
  return (
    <li className="bg-muted/40 px-3 py-1.5">
      <h3 className="text-xs font-semibold">
        {leagueWeekday(game.gameDate)}{" "}
        <span className="font-normal text-muted-foreground">
          {MONTH_SHORT[clock.month - 1]} {clock.day} · {weekName(game.week)}
        </span>
      </h3>
    </li>
  );
}

function GameRow({ game, actions }: { game: Game; actions: GameActions }) {
  const matchup = matchupOf(game);
  const spread = signedLine(game.spread);
  const total = plainLine(game.overUnder);
  const favorite = favoriteTeamOf(game);
  const score = shownScore(game);
  const pinned = (field: Game["pinned"][number]) => game.pinned.includes(field);
  const pins = pinnedSummary(game.pinned);
  const label = `${matchup}, ${weekLabel(game.week, true)}`;
  return (
    <li
      aria-label={label}
      className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-3 py-3 text-sm ${COLUMNS}`}
    >
      <Badge variant="outline" className="col-start-1 row-start-1 lg:col-auto lg:row-auto">
        {weekName(game.week)}
      </Badge>
      <span className="col-start-2 row-start-1 flex min-w-0 items-center gap-1.5 font-semibold lg:col-auto lg:row-auto">
        <span className="truncate">{matchup}</span>
        {score ? (
          <span className="font-normal whitespace-nowrap text-muted-foreground tabular-nums">
            {score.away}-{score.home}
          </span>
        ) : null}
        {pinned("score") ? <PinMark what="Score" /> : null}
      </span>
      <span className="col-span-2 row-start-2 flex items-center gap-1.5 text-muted-foreground lg:col-span-1 lg:col-auto lg:row-auto">
        <time dateTime={game.gameDate}>{formatKickoff(game.gameDate)}</time>
        {pinned("kickoff") ? <PinMark what="Kickoff" /> : null}
      </span>
      <dl className="col-span-3 row-start-3 flex flex-wrap gap-x-4 gap-y-1 lg:contents">
        <Line term="Spread" value={spread} pinned={pinned("line")} />
        <Line term="O/U" value={total} pinned={pinned("line")} />
        <Line term="Favorite" value={favorite} pinned={pinned("line")} />
      </dl>
      <span className="col-start-3 row-start-1 flex items-center gap-1.5 justify-self-end lg:col-auto lg:row-auto lg:justify-self-start">
        <GameStatusBadge game={game} />
        {pinned("status") ? <PinMark what="Status" /> : null}
      </span>
      <div className="col-start-3 row-start-2 -my-1 flex justify-end gap-1 lg:col-auto lg:row-auto lg:my-0">
        <Button variant="ghost" size="icon" aria-label={`Edit ${label}`} onClick={() => actions.onEdit(game)}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${label}`}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => actions.onDelete(game)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {pins ? (
        <div className="col-span-3 row-start-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-2.5 py-1.5 text-xs text-muted-foreground lg:col-span-full lg:row-auto">
          <span className="flex items-center gap-1.5">
            <Pin className="size-3.5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
            {pins} The data feed leaves {game.pinned.length === 1 ? "it" : "them"} alone.
          </span>
          <FollowFeedButton game={game} />
        </div>
      ) : null}
    </li>
  );
}

/** A labelled value: the label shows on narrow screens, and is read out on wide ones. */
function Line({ term, value, pinned }: { term: string; value: string | null; pinned: boolean }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted-foreground lg:sr-only">{term}</dt>
      <dd className="flex items-center gap-1 font-medium tabular-nums">
        {value ?? <span className="text-muted-foreground">—</span>}
        {pinned ? <PinMark what={term} /> : null}
      </dd>
    </div>
  );
}
