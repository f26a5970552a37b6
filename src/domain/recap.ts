/**
 * A settled week told back to one of its players (docs/rules.md, "Week recap"): the result and the
 * pot, each pick against its line, the week's best cover and its worst beat, and the season so far,
 * in plain sentences made from those figures.
 */
import { favoriteOf, marginAgainstLine, type Market, type Side as PickSide } from "./grading";
import { plural } from "./plural";
import { weekInText, weekInTextStart } from "./postseason";

export type Whose = "you" | "opponent";

/** A graded pick of the week with its game, as the recap reads it. */
export interface RecapPickInput {
  whose: Whose;
  market: Market;
  side: PickSide;
  lineSpread: number | null;
  lineFavorite: string | null;
  lineTotal: number | null;
  result: "win" | "loss" | "push" | "pending";
  isLock: boolean;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
}

export interface RecapPick {
  whose: Whose;
  /** "KC −3.5", "LV +3.5", "Over 44.5". */
  pick: string;
  /** "LV 17 at KC 24"; "LV at KC" without a score (a canceled game). */
  game: string;
  /** Points past the line, the pick's way (negative: short of it); null without a score. */
  margin: number | null;
  result: "win" | "loss" | "push";
  isLock: boolean;
  /** "covered by 3.5 points", "missed by 1 point", "went over by 6.5 points", "a push". */
  note: string;
}

export interface RecapInput {
  week: number;
  opponentName: string;
  winner: Whose | "tie";
  yourWins: number;
  opponentWins: number;
  pot: number;
  /** Rolled in from weeks no one won (with the rollover). */
  rolledIn: number;
  /** No one won, and the pot goes on to the next week. */
  rollsOver: boolean;
  onTiebreaker: boolean;
  picks: readonly RecapPickInput[];
  /** The contest through this week, from "you"'s side: weeks won, lost and pushed, and the money. */
  standing: { weeksWon: number; weeksLost: number; weeksPushed: number; money: number };
}

export interface WeekRecap extends Omit<RecapInput, "picks"> {
  picks: RecapPick[];
  bestCover: RecapPick | null;
  /** A loss by a point or less, or a push that cost the week. */
  worstBeat: RecapPick | null;
  /** The recap as sentences, in order: the result, the best cover, the worst beat, the season. */
  sentences: string[];
}

const MINUS = "−";
const dollars = (amount: number) => `$${Math.abs(amount).toLocaleString("en-US")}`;
const points = (value: number) =>
  value === 0.5 ? "half a point" : `${value} ${Math.abs(value) === 1 ? "point" : "points"}`;
const line = (value: number) => (value === 0 ? "pk" : `${value > 0 ? "+" : MINUS}${Math.abs(value)}`);

/** The team a spread pick backs and its handicap (negative for the favorite), or null for a total. */
function backed(pick: RecapPickInput): { team: string; handicap: number } | null {
  if (pick.market !== "spread" || pick.lineSpread === null) return null;
  const favorite = favoriteOf(pick, pick.lineSpread, pick.lineFavorite);
  const underdog = favorite === pick.homeTeam ? pick.awayTeam : pick.homeTeam;
  const spread = Math.abs(pick.lineSpread);
  return pick.side === "favorite"
    ? { team: favorite, handicap: -spread }
    : { team: underdog, handicap: spread };
}

/** Points past the line, the pick's way (`marginAgainstLine`); null without a score or a line. */
export function marginOf(pick: RecapPickInput): number | null {
  if (pick.homeScore === null || pick.awayScore === null) return null;
  if (pick.market === "total" ? pick.lineTotal === null : pick.lineSpread === null) return null;
  return marginAgainstLine(pick, { ...pick, homeScore: pick.homeScore, awayScore: pick.awayScore });
}

function noteOf(pick: RecapPickInput, margin: number | null): string {
  if (margin === null || margin === 0) return pick.homeScore === null ? "no score (a push)" : "a push";
  const by = points(Math.abs(margin));
  if (pick.market === "spread") return margin > 0 ? `covered by ${by}` : `missed by ${by}`;
  const over = pick.side === "over" ? margin > 0 : margin < 0;
  return over ? `went over by ${by}` : `stayed under by ${by}`;
}

export function recapPick(pick: RecapPickInput): RecapPick {
  const team = backed(pick);
  const label = team
    ? `${team.team} ${line(team.handicap)}`
    : `${pick.side === "over" ? "Over" : "Under"} ${pick.lineTotal ?? ""}`.trim();
  const game =
    pick.homeScore === null || pick.awayScore === null
      ? `${pick.awayTeam} at ${pick.homeTeam}`
      : `${pick.awayTeam} ${pick.awayScore} at ${pick.homeTeam} ${pick.homeScore}`;
  const margin = marginOf(pick);
  const result = pick.result === "pending" ? "push" : pick.result;
  return {
    whose: pick.whose,
    pick: label,
    game,
    margin,
    result,
    isLock: pick.isLock,
    note: noteOf(pick, margin),
  };
}

/** A push whose win would have won the week, or pushed a week lost (a lock's counting twice). */
function pushCostTheWeek(pick: RecapPick, input: RecapInput): boolean {
  if (pick.result !== "push" || input.winner === pick.whose) return false;
  const mine = pick.whose === "you" ? input.yourWins : input.opponentWins;
  const theirs = pick.whose === "you" ? input.opponentWins : input.yourWins;
  return mine + (pick.isLock ? 2 : 1) >= theirs;
}

function worstBeatOf(picks: readonly RecapPick[], input: RecapInput): RecapPick | null {
  const close = picks
    .filter((pick) => pick.result === "loss" && pick.margin !== null && pick.margin >= -1)
    .sort((a, b) => b.margin! - a.margin!);
  return close[0] ?? picks.find((pick) => pushCostTheWeek(pick, input)) ?? null;
}

const whoseText = (whose: Whose, name: string, start = false) =>
  whose === "you" ? (start ? "Your" : "your") : `${name}'s`;

function resultSentence(input: RecapInput): string {
  const week = weekInText(input.week);
  // The winner's wins first ("Cal Carter took week 12, 3–1"); yours first in a push.
  const score =
    input.winner === "opponent"
      ? `${input.opponentWins}–${input.yourWins}`
      : `${input.yourWins}–${input.opponentWins}`;
  if (input.winner === "tie") {
    const picked = input.picks.length > 0;
    const opening = picked
      ? `${weekInTextStart(input.week)} was a push, ${score}`
      : `No picks were made in ${week}`;
    if (input.rollsOver && input.pot > 0) return `${opening}: the ${dollars(input.pot)} pot rolls over.`;
    return `${opening}.`;
  }
  const who = input.winner === "you" ? "You" : input.opponentName;
  const how = input.onTiebreaker ? " on the tiebreaker" : "";
  const pot = input.pot > 0 ? `, and the ${dollars(input.pot)} pot` : "";
  const rolled = input.rolledIn > 0 ? ` (${dollars(input.rolledIn)} of it rolled in)` : "";
  return `${who} took ${week}, ${score}${how}${pot}${rolled}.`;
}

function seasonSentence(input: RecapInput): string {
  const { weeksWon, weeksLost, weeksPushed, money } = input.standing;
  const pushed = weeksPushed > 0 ? `, ${weeksPushed} pushed` : "";
  const balance =
    money > 0
      ? `you are up ${dollars(money)}`
      : money < 0
        ? `you are down ${dollars(money)}`
        : "you are even";
  return `Season so far: you ${plural(weeksWon, "week")}, ${input.opponentName} ${weeksLost}${pushed}; ${balance}.`;
}

export function weekRecap(input: RecapInput): WeekRecap {
  const picks = input.picks.map(recapPick);
  const bestCover =
    picks
      .filter((pick) => pick.result === "win" && pick.margin !== null)
      .sort((a, b) => b.margin! - a.margin!)[0] ?? null;
  const worstBeat = worstBeatOf(picks, input);
  const sentences = [resultSentence(input)];
  if (bestCover) {
    sentences.push(
      `Best cover: ${whoseText(bestCover.whose, input.opponentName)} ${bestCover.pick} (${bestCover.game}), ${bestCover.note}.`,
    );
  }
  if (worstBeat) {
    const whose = whoseText(worstBeat.whose, input.opponentName);
    sentences.push(
      worstBeat.result === "push"
        ? `Worst beat: ${whose} ${worstBeat.pick} landed on the number (${worstBeat.game}), and the push cost ${worstBeat.whose === "you" ? "you" : "them"} the week.`
        : `Worst beat: ${whose} ${worstBeat.pick} (${worstBeat.game}) ${worstBeat.note}.`,
    );
  }
  if (input.picks.length > 0 || input.standing.weeksWon + input.standing.weeksLost > 0)
    sentences.push(seasonSentence(input));
  return { ...input, picks, bestCover, worstBeat, sentences };
}
