/**
 * Reminders before a pick deadline, as pure rules: who in a contest's week is reminded, of what
 * deadline, and which of their lead times are due. The scheduler (reminders.service.ts) plans and
 * sends them; docs/rules.md says it for players.
 */
import { currentTurn, weekAllowance, type Round } from "./rounds";
import type { ContestPlayers } from "./turn";

export interface ReminderNeed {
  userId: string;
  /**
   * The moment that costs them: the turn's hand-over, or the lock of the week's first open game;
   * for a tiebreaker guess, the kickoff of the week's last game.
   */
  deadline: Date;
  /** What they are reminded of: their picks (the default), or their tiebreaker guess. */
  about?: "picks" | "tiebreak";
}

/**
 * Who is reminded in a contest's week. Before the hand-over deadline: the player on turn (the
 * rounds' turn, domain/rounds.ts), of the hand-over or the first open game's kickoff, whichever
 * comes first; the player waiting for them, nobody. From the hand-over on: each player who still
 * has picks to make, of the first open game's kickoff. Nobody once no game can be picked.
 * `held` counts a player's picks of the week, extra games aside.
 */
export function reminderNeeds(input: {
  rounds: readonly Round[];
  players: ContestPlayers;
  firstPickerId: string;
  held: (userId: string) => number;
  handOver: Date;
  /** The kickoff of the week's first game still open to picks (with a line), or null. */
  firstOpenKickoff: Date | null;
  now: Date;
}): ReminderNeed[] {
  const { firstOpenKickoff: lock, handOver, now } = input;
  if (!lock || lock <= now) return [];
  if (now < handOver) {
    const turn = currentTurn(input);
    if (!turn) return [];
    return [{ userId: turn.userId, deadline: lock < handOver ? lock : handOver }];
  }
  return [input.players.player1Id, input.players.player2Id]
    .filter((userId) => input.held(userId) < weekAllowance(input.rounds, input.players, userId))
    .map((userId) => ({ userId, deadline: lock }));
}

/**
 * Who is reminded of the weekly tiebreaker's guess in a contest's week that plays it: each player
 * who holds all their picks (extra games aside) but has made no guess, of the kickoff of the week's
 * last game, when the guesses lock. A player with picks still to make is reminded of those (and
 * that reminder says the guess is owed too).
 */
export function tiebreakNeeds(input: {
  rounds: readonly Round[];
  players: ContestPlayers;
  held: (userId: string) => number;
  guessedBy: readonly string[];
  /** The kickoff of the week's last game, or null in a week without games. */
  lastKickoff: Date | null;
  now: Date;
}): ReminderNeed[] {
  const { lastKickoff: lock, now } = input;
  if (!lock || lock <= now) return [];
  return [input.players.player1Id, input.players.player2Id]
    .filter(
      (userId) =>
        !input.guessedBy.includes(userId) &&
        input.held(userId) >= weekAllowance(input.rounds, input.players, userId),
    )
    .map((userId) => ({ userId, deadline: lock, about: "tiebreak" as const }));
}

export interface DueLeads {
  /** The lead time to send now: the shortest of those due. */
  send: number | null;
  /**
   * Lead times also due but never sent: passed by a shorter one (sent once, not in a burst), or
   * already due when the player was told it was their turn (`toldAt`).
   */
  superseded: number[];
}

/**
 * Which of a player's lead times are due for a deadline: those whose time (deadline − lead) has come
 * while the deadline has not. A reminder whose time passed while its deadline has not (the contest
 * began late, the server was down) goes out at once; when several are, only the latest-timed one.
 * None of those whose time had come before `toldAt`, when a hand-over told the player it was their turn:
 * that notice said what the reminder would have, a moment before.
 */
export function dueLeads(
  leadMinutes: readonly number[],
  deadline: Date,
  now: Date,
  toldAt: Date | null = null,
): DueLeads {
  if (now >= deadline) return { send: null, superseded: [] };
  const timeOf = (lead: number) => deadline.getTime() - lead * 60_000;
  const due = leadMinutes.filter((lead) => timeOf(lead) <= now.getTime()).sort((a, b) => a - b);
  const told = (lead: number) => toldAt !== null && timeOf(lead) < toldAt.getTime();
  const fresh = due.filter((lead) => !told(lead));
  return { send: fresh[0] ?? null, superseded: due.filter((lead) => lead !== fresh[0]) };
}

/** "24 hours", "2 hours", "30 minutes", "1 day 12 hours": a lead time or what is left, for people. */
export function durationText(minutes: number): string {
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = Math.round(minutes % 60);
  const unit = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? "" : "s"}` : "");
  if (days && !hours && !mins && days === 1) return "24 hours";
  return (
    [unit(days, "day"), unit(hours, "hour"), unit(mins, "minute")].filter(Boolean).join(" ") || "0 minutes"
  );
}
