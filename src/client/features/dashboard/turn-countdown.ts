/**
 * The Dashboard's "your turn" line, pure: whose turn it is in a contest's week and how long is left.
 * The turn rules are domain/turn.ts's (the server enforces them); this only says them out loud.
 */
import type { TurnInfo } from "@/contracts/turn";
import { weekPhrase } from "@/client/lib/week-names";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * "1d 4h", "12h 20m", "5m 30s", "45s": the two largest units of the time left, each rounded down
 * (a time that has come shows "0s").
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / SECOND));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/**
 * How long until the countdown of the nearest target next changes: at the next whole second
 * within the last hour, else at the next whole minute (the display shows no seconds then). Null
 * when there is nothing to count down to. A little slack lands the tick just past the edge.
 */
export function nextTickDelay(remainingMs: number | null): number | null {
  if (remainingMs === null) return null;
  if (remainingMs <= 0) return SECOND;
  const unit = remainingMs > HOUR ? MINUTE : SECOND;
  return (remainingMs % unit) + 20;
}

export type TurnKind = "your-turn" | "guess-owed" | "waiting" | "picks-in" | "complete" | "closed";

export interface TurnStatus {
  kind: TurnKind;
  week: number;
  /** Picks the viewer still has to make (your-turn), or the opponent (picks-in). */
  remaining: number;
  /**
   * What the countdown counts to: the next open kickoff, or the hand-over; null for none. On the
   * viewer's turn it is when their next pick is due, as Make Picks' "Deadline" says (nextPickDue);
   * for a tiebreaker guess owed, when guesses lock (the week's last kickoff).
   */
  target: Date | null;
  /** The viewer's turn counts down to the hand-over: the first picker must pick before it. */
  handOver?: boolean;
}

export interface TurnStatusInput {
  turn: TurnInfo;
  viewerId: string;
  /** The viewer is player 1 of the contest (else player 2). */
  viewerIsPlayer1: boolean;
  now: Date;
}

/** The first kickoff still ahead of now, if any. */
function nextKickoff(turn: TurnInfo, now: Date): Date | null {
  const times = turn.openKickoffs.map((iso) => new Date(iso)).filter((kickoff) => kickoff > now);
  return times.length === 0 ? null : new Date(Math.min(...times.map((kickoff) => kickoff.getTime())));
}

/** The viewer owes the week's tiebreaker guess and may still make it: when it locks, else null. */
function guessOwedUntil(turn: TurnInfo, viewerIsPlayer1: boolean, now: Date): Date | null {
  const tiebreak = turn.tiebreak;
  if (!tiebreak?.locksAt) return null;
  if (viewerIsPlayer1 ? tiebreak.player1Guessed : tiebreak.player2Guessed) return null;
  const locksAt = new Date(tiebreak.locksAt);
  return locksAt > now ? locksAt : null;
}

/**
 * Whose turn it is: the viewer's picks in and their tiebreaker guess owed before it locks
 * ("guess-owed"); all picks in ("complete"); no game left to pick ("closed"); the viewer's picks
 * in and the opponent's not ("picks-in"); the viewer may pick ("your-turn", counting down to the
 * hand-over while they are the first picker with picks of their own left, else to the next kickoff,
 * as picks lock at kickoff: whichever comes first); else the viewer waits for the first picker
 * ("waiting", counting down to the hand-over, Thursday 4:00 PM Pacific, after which they may pick
 * anyway).
 */
export function turnStatus({ turn, viewerId, viewerIsPlayer1, now }: TurnStatusInput): TurnStatus {
  const myBaseLeft = viewerIsPlayer1 ? turn.player1BaseLeft : turn.player2BaseLeft;
  const myLeft = viewerIsPlayer1 ? turn.player1Left : turn.player2Left;
  const theirLeft = viewerIsPlayer1 ? turn.player2Left : turn.player1Left;
  const kickoff = nextKickoff(turn, now);
  const status = (kind: TurnKind, remaining: number, target: Date | null): TurnStatus => ({
    kind,
    week: turn.week,
    remaining,
    target,
  });

  const guessLocksAt = myLeft === 0 ? guessOwedUntil(turn, viewerIsPlayer1, now) : null;
  if (guessLocksAt) return status("guess-owed", 0, guessLocksAt);
  if (myLeft === 0 && theirLeft === 0) return status("complete", 0, null);
  if (!kickoff) return status("closed", 0, null);
  if (myLeft === 0) return status("picks-in", theirLeft, kickoff);

  const deadline = turn.deadline ? new Date(turn.deadline) : now;
  // The rounds' turn (domain/rounds.ts, `turnRights`): the viewer waits while it is the opponent's
  // and they still have picks of their own to make, until the hand-over deadline.
  const waits = turn.turnUserId !== null && turn.turnUserId !== viewerId && myBaseLeft > 0 && now < deadline;
  if (waits) return status("waiting", myLeft, deadline);
  const holds = turn.firstPickerId === viewerId && myBaseLeft > 0 && turn.deadline !== null;
  if (holds && now < deadline && deadline < kickoff)
    return { ...status("your-turn", myLeft, deadline), handOver: true };
  return status("your-turn", myLeft, kickoff);
}

/** Something for the viewer to do now: picks to make, or the tiebreaker guess. */
export const isViewersMove = (kind: TurnKind) => kind === "your-turn" || kind === "guess-owed";

/**
 * The Dashboard card's title: "Your Turn" while the viewer may pick or owes a tiebreaker guess in
 * one of the contests, else "This Week".
 */
export const turnCardTitle = (statuses: readonly Pick<TurnStatus, "kind">[]) =>
  statuses.some((status) => isViewersMove(status.kind)) ? "Your Turn" : "This Week";

const picks = (count: number) => `${count} ${count === 1 ? "pick" : "picks"}`;

/** The line shown for a status at a moment. */
export function turnText(status: TurnStatus, opponentName: string, now: Date): string {
  const left = status.target ? formatCountdown(status.target.getTime() - now.getTime()) : null;
  switch (status.kind) {
    case "your-turn":
      return `Your turn: ${picks(status.remaining)} to make · ${status.handOver ? "hand-over" : "next kickoff"} in ${left}`;
    case "guess-owed":
      return `Your picks are in · tiebreaker guess locks in ${left}`;
    case "waiting":
      return `Waiting for ${opponentName} · hand-over in ${left}`;
    case "picks-in":
      return `Your picks are in · ${opponentName} has ${picks(status.remaining)} to make`;
    case "complete":
      return `Picks complete for ${weekPhrase(status.week, true)}`;
    case "closed":
      return `Picks closed for ${weekPhrase(status.week, true)}: every game has kicked off`;
  }
}

const URGENCY: Record<TurnKind, number> = {
  "your-turn": 0,
  "guess-owed": 1,
  waiting: 2,
  "picks-in": 3,
  complete: 4,
  closed: 5,
};

/** Most urgent first: the viewer's turns, then guesses owed, then waits, each by the nearest countdown. */
export function byUrgency(a: TurnStatus, b: TurnStatus): number {
  return (
    URGENCY[a.kind] - URGENCY[b.kind] || (a.target?.getTime() ?? Infinity) - (b.target?.getTime() ?? Infinity)
  );
}
