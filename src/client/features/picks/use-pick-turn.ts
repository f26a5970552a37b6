import { useMemo } from "react";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { basePicksUsed, picksLeft } from "@/domain/picks";
import { allowanceNow, isGameOpen, roundsTurnAlert, turnAlert, type RoundsTurn } from "./picks-view";

export interface PickTurnInput {
  /** The viewer. */
  userId: string;
  /** The week's rounds and whose turn it is by them; null until known. */
  roundsTurn: RoundsTurn | null;
  /** The picks the viewer makes this week over all rounds, extra games aside. */
  weekPicks: number;
  opponentName: string;
  /** Null when the viewer is not one of the contest's players (an admin looking in). */
  isFirstPicker: boolean | null;
  /** Why nobody picks here (not a player, contest not active, another week), or null. */
  block: string | null;
  opponentPicks: MadePick[];
  myPicks: MadePick[];
  availabilityError: unknown;
  now: Date;
  /** The first picker's deadline of the week (Thursday 4:00 PM Pacific), null without games. */
  deadline: Date | null;
  /** The week's accepted extra games (game proposals): one more pick each, on that game. */
  extraGames: Game[];
}

/** Whose turn it is, how many picks the viewer may still make now, and why they may not pick. */
export function usePickTurn(input: PickTurnInput) {
  const { userId, roundsTurn, weekPicks, opponentName, now, deadline, opponentPicks, myPicks, extraGames } =
    input;
  const extraIds = useMemo(() => new Set(extraGames.map((game) => game.id)), [extraGames]);
  const deadlinePassed = deadline !== null && now >= deadline;
  // The picks the viewer may hold after submitting now: this round's on their turn, else the week's.
  const maxPicks = allowanceNow({
    turn: roundsTurn,
    userId,
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

  const turn =
    input.isFirstPicker === null
      ? null
      : rounds
        ? roundsTurnAlert({
            turn: rounds,
            userId,
            remaining,
            baseLeft: Math.max(weekPicks - basePicksUsed(myPicks, extraIds), 0),
            deadlinePassed,
            opponentName,
          })
        : turnAlert({
            isFirstPicker: input.isFirstPicker,
            opponentPickCount: opponentPicks.length,
            maxPicks,
            deadlinePassed,
            remaining,
            opponentName,
          });
  const availabilityFailed = Boolean(input.availabilityError);
  const blockedReason =
    input.block ??
    (availabilityFailed
      ? "The picks already made could not be loaded"
      : turn?.kind === "wait"
        ? rounds
          ? `Wait for ${opponentName} to make their round ${rounds.currentRound} picks first`
          : `Wait for ${opponentName} to make their picks first`
        : null);
  const canPick = blockedReason === null && Boolean(turn?.canPick);

  return { extraIds, maxPicks, rounds, left, remaining, turn, availabilityFailed, blockedReason, canPick };
}
