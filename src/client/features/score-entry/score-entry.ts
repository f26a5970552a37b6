import { updateGameBody, type Game, type GameStatus } from "@/contracts/games";
import { plural } from "@/domain/plural";
import { favoriteTeamOf } from "@/client/lib/games";

/** What the admin types on a card: scores as text (empty means none) and the status. */
export type Draft = { awayScore: string; homeScore: string; status: GameStatus };
export type ScoreUpdate = { homeScore: number | null; awayScore: number | null; status: GameStatus };

/**
 * A score card's line, said once beside its matchup ("GB @ DET"): "DET -2.5" (the favorite's spread),
 * "Pick'em" at 0, null without a line.
 */
export function scoreCardLine(
  game: Pick<Game, "homeTeam" | "awayTeam" | "spread" | "favoriteTeam">,
): string | null {
  if (game.spread === null) return null;
  const favorite = favoriteTeamOf(game);
  if (!favorite) return "Pick'em";
  return `${favorite} -${String(Math.abs(Number(game.spread)))}`;
}

export const draftOf = (game: Pick<Game, "homeScore" | "awayScore" | "status">): Draft => ({
  awayScore: game.awayScore === null ? "" : String(game.awayScore),
  homeScore: game.homeScore === null ? "" : String(game.homeScore),
  status: game.status,
});

export const sameDraft = (a: Draft, b: Draft) =>
  a.awayScore.trim() === b.awayScore.trim() &&
  a.homeScore.trim() === b.homeScore.trim() &&
  a.status === b.status;

/** True when the card holds an edit that differs from the saved game. */
export const isDirty = (game: Game, draft: Draft | undefined) =>
  draft !== undefined && !sameDraft(draft, draftOf(game));

const scoreValue = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

/** The PATCH body, checked by the contract's own schema; or the first message to show. */
export function parseDraft(draft: Draft): { ok: true; body: ScoreUpdate } | { ok: false; message: string } {
  const body = {
    homeScore: scoreValue(draft.homeScore),
    awayScore: scoreValue(draft.awayScore),
    status: draft.status,
  };
  const result = updateGameBody.safeParse(body);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? "Invalid score" };
  return { ok: true, body };
}

/** The toast after scoring the week's final games one call each (the product's texts, docs/rules.md "Screens"). */
export function scoringToast(outcomes: PromiseSettledResult<unknown>[]): {
  title: string;
  description: string;
  variant?: "destructive";
} {
  if (outcomes.length === 0)
    return { title: "No Games to Score", description: "No games are marked as final yet." };
  const scored = outcomes.filter((outcome) => outcome.status === "fulfilled").length;
  const failed = outcomes.length - scored;
  if (scored === 0)
    return { title: "Scoring Error", description: "Failed to score games", variant: "destructive" };
  // The product's wording, its count word agreeing with the number.
  return {
    title: "Scoring Complete",
    description: `${plural(scored, "game")} scored successfully${failed > 0 ? `, ${failed} failed` : ""}`,
  };
}
