/**
 * The data feed's rules (docs/rules.md, "The data feed"): how a game from the source updates the
 * stored one. Pure: the sync service reads, calls `mergeFedGame` per game, and writes what it says.
 */
export type FeedGameStatus = "upcoming" | "live" | "final" | "postponed" | "canceled";
export type FeedPhase = "halftime" | "end_period";
export type PinnedField = "line" | "kickoff" | "score" | "status";

/** A game as a source describes it, in our terms (team codes, the home team's spread). */
export interface FedGame {
  externalId: string;
  season: number;
  week: number;
  homeTeam: string;
  awayTeam: string;
  kickoff: Date;
  status: FeedGameStatus;
  homeScore: number | null;
  awayScore: number | null;
  period: number | null;
  clock: string | null;
  phase: FeedPhase | null;
  /** Each part null when the source has none (odds vanish at kickoff): a missing part never clears ours. */
  line: { spread: number | null; favoriteTeam: string | null; total: number | null };
}

/** The stored game's fields the feed may change. */
export interface StoredGame {
  season: number;
  week: number;
  homeTeam: string;
  awayTeam: string;
  gameDate: Date;
  spread: number | null;
  favoriteTeam: string | null;
  overUnder: number | null;
  status: FeedGameStatus;
  homeScore: number | null;
  awayScore: number | null;
  period: number | null;
  clock: string | null;
  phase: FeedPhase | null;
  externalId: string | null;
  pinned: readonly PinnedField[];
}

export type GamePatch = Partial<Omit<StoredGame, "pinned" | "season" | "homeTeam" | "awayTeam">>;

/** What the picks on the game need after the change: graded, voided (canceled), or ungraded. */
export type PicksAction = "grade" | "void" | "reset" | null;

export type MergeOutcome = { ok: true; patch: GamePatch; picks: PicksAction } | { ok: false; reason: string };

/** What a score update changes: a game's score, quarter, clock and phase. */
const LIVE_FIELDS: ReadonlySet<string> = new Set([
  "homeScore",
  "awayScore",
  "period",
  "clock",
  "phase",
  "status",
]);

/**
 * A change that is only a game being played (a score update, docs/rules.md "Live updates"): its
 * score, quarter, clock or phase, or its status moving to live or final. It moves no kickoff, line or
 * week, so nothing about the schedule or what can be picked changes: the games' new states are all a
 * page needs, and no standing moves but those a final grades.
 */
export function isLiveChange(patch: GamePatch): boolean {
  if (!Object.keys(patch).every((field) => LIVE_FIELDS.has(field))) return false;
  return patch.status === undefined || patch.status === "live" || patch.status === "final";
}

/** A game is watched live from this long before its kickoff. */
export const LIVE_LEAD_MS = 15 * 60_000;

export interface MergeOptions {
  now: Date;
  /** The game has picks or proposals: its week cannot move (its picks belong to that week). */
  weekLocked: boolean;
  /** Another stored game already has these teams in the fed week. */
  weekTaken: boolean;
}

const started = (status: FeedGameStatus) => status === "live" || status === "final";

/**
 * The update a fed game makes to its stored game: kickoff and week until the game starts, the line
 * until kickoff, then status and score; a field an admin pinned is left alone; a final never goes
 * back, a score is never erased. `ok: false` names why the fed game is not applied at all.
 */
export function mergeFedGame(stored: StoredGame, fed: FedGame, options: MergeOptions): MergeOutcome {
  if (fed.season !== stored.season) {
    return { ok: false, reason: `would move the game from season ${stored.season} to ${fed.season}` };
  }
  if (fed.homeTeam !== stored.homeTeam || fed.awayTeam !== stored.awayTeam) {
    return {
      ok: false,
      reason: `names ${fed.awayTeam} @ ${fed.homeTeam}, stored as ${stored.awayTeam} @ ${stored.homeTeam}`,
    };
  }
  const claimsStart = started(fed.status);
  if (claimsStart && fed.kickoff.getTime() - options.now.getTime() > LIVE_LEAD_MS) {
    return { ok: false, reason: `reports the game ${fed.status} before its kickoff` };
  }
  if (fed.status === "final" && (fed.homeScore === null || fed.awayScore === null)) {
    return { ok: false, reason: "reports a final without a score" };
  }
  const pinned = new Set(stored.pinned);
  const next: StoredGame = { ...stored };
  const hasStarted = started(stored.status) || claimsStart;

  if (!hasStarted && !pinned.has("kickoff")) {
    next.gameDate = fed.kickoff;
    if (!options.weekLocked && !options.weekTaken) next.week = fed.week;
  }
  if (!hasStarted && !pinned.has("line") && options.now < next.gameDate) {
    if (fed.line.spread !== null) {
      next.spread = fed.line.spread;
      next.favoriteTeam = fed.line.spread === 0 ? null : fed.line.favoriteTeam;
    }
    if (fed.line.total !== null) next.overUnder = fed.line.total;
  }
  if (!pinned.has("status")) next.status = nextStatus(stored.status, fed.status);
  if (next.status === "live" || next.status === "final") {
    // A final's score comes only from a final (a late live report would regrade it with a partial score).
    const scoreFits = next.status !== "final" || fed.status === "final";
    if (!pinned.has("score") && scoreFits && fed.homeScore !== null && fed.awayScore !== null) {
      next.homeScore = fed.homeScore;
      next.awayScore = fed.awayScore;
    }
    if (next.status === fed.status) {
      next.period = fed.period;
      next.clock = next.status === "live" ? fed.clock : null;
      next.phase = next.status === "live" ? fed.phase : null;
    }
  }
  if (stored.externalId === null) next.externalId = fed.externalId;

  const patch = gameDiff(stored, next);
  return { ok: true, patch, picks: picksAction(stored, next) };
}

/** A final stays final; a live game never goes back to upcoming; a rescheduled game is upcoming again. */
function nextStatus(stored: FeedGameStatus, fed: FeedGameStatus): FeedGameStatus {
  if (stored === "final") return "final";
  if (stored === "live") return fed === "final" || fed === "canceled" ? fed : "live";
  return fed;
}

function picksAction(before: StoredGame, after: StoredGame): PicksAction {
  if (after.status === "final") {
    const rescored = before.homeScore !== after.homeScore || before.awayScore !== after.awayScore;
    return before.status !== "final" || rescored ? "grade" : null;
  }
  if (after.status === "canceled") return before.status === "canceled" ? null : "void";
  return before.status === "canceled" ? "reset" : null;
}

/**
 * What an admin's edit of a game needs of its picks (docs/rules.md, "Games, lines and scores"): a cancellation voids
 * them; a final with both scores grades them (again, after a correction); a game that was final or
 * canceled and is no longer, or a final saved without its score, has their grades reset.
 */
export function picksAfterEdit(
  before: Pick<StoredGame, "status">,
  after: Pick<StoredGame, "status" | "homeScore" | "awayScore">,
): PicksAction {
  if (after.status === "canceled" && before.status !== "canceled") return "void";
  if (after.status === "final" && after.homeScore !== null && after.awayScore !== null) return "grade";
  const wasSettled = before.status === "final" || before.status === "canceled";
  return wasSettled && (after.status !== before.status || after.status === "final") ? "reset" : null;
}

const FIELDS = [
  "week",
  "gameDate",
  "spread",
  "favoriteTeam",
  "overUnder",
  "status",
  "homeScore",
  "awayScore",
  "period",
  "clock",
  "phase",
  "externalId",
] as const satisfies readonly (keyof GamePatch)[];

/** The fields the feed may change that differ between two states of a game, with their new values. */
export function gameDiff(before: StoredGame, after: StoredGame): GamePatch {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const a = before[field];
    const b = after[field];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) patch[field] = b;
  }
  return patch as GamePatch;
}

/** A new game from the feed: stored as the source has it (a result only once it has kicked off). */
export function newGameFrom(
  fed: FedGame,
  now: Date,
): { ok: true; game: StoredGame; picks: PicksAction } | { ok: false; reason: string } {
  const empty: StoredGame = {
    season: fed.season,
    week: fed.week,
    homeTeam: fed.homeTeam,
    awayTeam: fed.awayTeam,
    gameDate: fed.kickoff,
    spread: null,
    favoriteTeam: null,
    overUnder: null,
    status: "upcoming",
    homeScore: null,
    awayScore: null,
    period: null,
    clock: null,
    phase: null,
    externalId: null,
    pinned: [],
  };
  const merged = mergeFedGame(empty, fed, { now, weekLocked: false, weekTaken: false });
  if (!merged.ok) return merged;
  return { ok: true, game: { ...empty, ...merged.patch }, picks: merged.picks };
}
