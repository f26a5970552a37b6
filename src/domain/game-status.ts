/**
 * How a game's state reads on screen: "Q2 6:52", "Halftime", "End Q3", "OT 4:10", "Final",
 * "Final/OT", "Postponed", "Canceled"; null while upcoming.
 */
export interface GameProgress {
  status: "upcoming" | "live" | "final" | "postponed" | "canceled";
  period: number | null;
  clock: string | null;
  phase: "halftime" | "end_period" | null;
}

/** Regulation has four quarters; period 5 and up is overtime. */
const QUARTERS = 4;

/** Period 5 and up: overtime. */
export const isOvertime = (period: number) => period > QUARTERS;

/** A period as the screens name it: "Q1" to "Q4", then "OT", "2OT"... */
export const periodName = (period: number) =>
  period > QUARTERS ? (period === QUARTERS + 1 ? "OT" : `${period - QUARTERS}OT`) : `Q${period}`;

export function gameProgressText(game: GameProgress): string | null {
  switch (game.status) {
    case "upcoming":
      return null;
    case "postponed":
      return "Postponed";
    case "canceled":
      return "Canceled";
    case "final":
      return game.period !== null && game.period > QUARTERS ? "Final/OT" : "Final";
    case "live":
      if (game.phase === "halftime") return "Halftime";
      if (game.period === null || game.period < 1) return "Live";
      if (game.phase === "end_period") return `End ${periodName(game.period)}`;
      return game.clock ? `${periodName(game.period)} ${game.clock}` : periodName(game.period);
  }
}
