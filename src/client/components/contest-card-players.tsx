import { plural } from "@/domain/plural";
import { TruncatedText } from "@/client/components/truncated-text";

export interface CardPlayer {
  name: string;
  email: string;
  /** Correct and wrong picks. */
  wins: number;
  losses: number;
  /** Settled weeks won and lost (a tied week is neither). */
  weeksWon: number;
  weeksLost: number;
}

function PlayerLine({ label, player, record }: { label: string; player: CardPlayer; record: boolean }) {
  return (
    // The record moves under a name too long to share the line with it: the name is cut only when
    // it does not fit the card's width.
    <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <div className="max-w-full min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <TruncatedText text={player.name} className="font-medium" />
      </div>
      {record ? (
        <p className="shrink-0 text-right text-sm text-muted-foreground tabular-nums">
          <span aria-hidden="true">
            picks {player.wins}–{player.losses} · weeks {player.weeksWon}–{player.weeksLost}
          </span>
          <span className="sr-only">
            Picks: {plural(player.wins, "win")}, {plural(player.losses, "loss", "losses")}. Weeks:{" "}
            {player.weeksWon} won, {player.weeksLost} lost.
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** A contest's two players, one against the other; `record` adds their picks and weeks won and lost. */
export function ContestCardPlayers({
  player1,
  player2,
  record,
}: {
  player1: CardPlayer;
  player2: CardPlayer;
  record: boolean;
}) {
  return (
    <div className="space-y-2 rounded-lg border bg-muted/40 p-3">
      <PlayerLine label="Player 1" player={player1} record={record} />
      <div className="flex items-center gap-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        vs
        <span className="h-px flex-1 bg-border" />
      </div>
      <PlayerLine label="Player 2" player={player2} record={record} />
    </div>
  );
}
