import { GRADES, isGameAction, RESYNC, type LiveEventKind } from "@/contracts/constants";
import type { CarriedQuery, GameState, LiveEvent, QueryKey } from "@/contracts/events";

/**
 * What a live event makes stale, by the first segment of the query keys ("/api/contests", ...).
 * Each kind of change leaves alone what it cannot touch; everything else is refreshed, so a query
 * added later is covered without being listed here.
 */
const UNTOUCHED = {
  // Games and scores: schedules, lines, results and standings; not teams, people or settings.
  game: ["/api/teams", "/api/users", "/api/system-config", "/api/auth"],
  // A contest, its picks, proposals and bets: not the games, the season or the settings.
  contest: ["/api/games", "/api/teams", "/api/season", "/api/system-config", "/api/auth"],
  // Accounts and settings (names, admin access, the current season).
  other: ["/api/games", "/api/teams"],
};

/** A refresh rule: of an event, which query keys it makes stale. */
type Refresh = (event: LiveEvent) => (queryKey: readonly unknown[]) => boolean;

/** Every query but those under these prefixes. */
const allBut =
  (untouched: readonly string[]): Refresh =>
  () =>
  (queryKey) => {
    const first = firstSegment(queryKey);
    return !untouched.some((prefix) => startsWith(first, prefix));
  };
const everything: Refresh = () => () => true;
const GAME = allBut(UNTOUCHED.game);
const CONTEST = allBut(UNTOUCHED.contest);
const OTHER = allBut(UNTOUCHED.other);

/**
 * What each kind of live event refreshes: one row per kind (contracts/constants.ts
 * `ACTIVITY_ACTIONS`). A new kind names what it touches and no more: a contest's trash talk
 * refreshes `["/api/contests", event.contestId, "messages"]` alone, where `CONTEST` refetches
 * both players' standings and weekly results, the most expensive reads of the app. A score update
 * (an event with `games`) and a final's `grades` follow `scoresAndGrades` whatever their kind.
 */
export const REFRESH: Record<LiveEventKind, Refresh> = {
  "contest.created": CONTEST,
  "contest.accepted": CONTEST,
  "contest.rejected": CONTEST,
  "contest.edited": CONTEST,
  "contest.archived": CONTEST,
  "contest.completed": CONTEST,
  // A new contest for both players, and the old one's `rematch`.
  "contest.rematch": CONTEST,
  // A share link made or revoked: the season in review that shows it, and the log.
  "contest.shared": (event) => (queryKey) => isReviewOf(event, queryKey) || isActivityLog(queryKey),
  "contest.share_revoked": (event) => (queryKey) => isReviewOf(event, queryKey) || isActivityLog(queryKey),
  "picks.submitted": CONTEST,
  "first-picker.saved": CONTEST,
  "proposal.created": CONTEST,
  "proposal.accepted": CONTEST,
  "proposal.rejected": CONTEST,
  "bet.proposed": CONTEST,
  "bet.approved": CONTEST,
  "bet.rejected": CONTEST,
  "bet.set": CONTEST,
  "week.settled": CONTEST,
  // A contest's trash talk: its thread alone (and the log, which says a message was posted).
  "message.posted": (event) => (queryKey) => isThreadOf(event, queryKey) || isActivityLog(queryKey),
  "message.deleted": (event) => (queryKey) => isThreadOf(event, queryKey) || isActivityLog(queryKey),
  "game.created": GAME,
  "game.updated": GAME,
  "game.deleted": GAME,
  "game.followed": GAME,
  "game.scored": GAME,
  "games.imported": GAME,
  "games.synced": GAME,
  "user.updated": OTHER,
  "user.emailed": OTHER,
  // Names read "Former player" in the lists of people and the contests.
  "user.deleted": OTHER,
  // A reset link changes nothing a page shows but the log.
  "user.reset_link": () => (queryKey) => startsWith(firstSegment(queryKey), "/api/admin/activity"),
  "email.retried": OTHER,
  "config.updated": OTHER,
  [GRADES]: (event) => scoresAndGrades(event),
  [RESYNC]: everything,
};

/** A kind this page does not know (a newer server's): what it concerns, by its name and contest. */
const unknownKind: Refresh = (event) =>
  (isGameAction(event.action) ? GAME : event.contestId ? CONTEST : OTHER)(event);

const CONTESTS = "/api/contests";
/**
 * What a contest holds that no grade changes (the third segment of its query keys): who picks
 * first, the round, whose turn it is, the proposals (their games are patched) and the bet changes.
 * A final refetches the rest of a contest it names: its standing, picks and weekly results.
 */
const UNGRADED = new Set(["first-picker", "current-round", "turn", "proposals", "bet-changes"]);
const ADMIN = "/api/admin";
/** A player's record (["/api/users", id, "record"]): their graded picks won and lost. */
const isRecord = (first: string, queryKey: readonly unknown[]) =>
  first === "/api/users" && queryKey[2] === "record";

/** The activity log's pages (["/api/admin/activity", ...]). */
const isActivityLog = (queryKey: readonly unknown[]) =>
  startsWith(firstSegment(queryKey), "/api/admin/activity");
/** A contest's season in review (["/api/contests", id, "review"]). */
const isReviewOf = (event: LiveEvent, queryKey: readonly unknown[]) =>
  queryKey[0] === "/api/contests" && queryKey[1] === event.contestId && queryKey[2] === "review";

/** A contest's trash talk (["/api/contests", id, "messages"]). */
const isThreadOf = (event: LiveEvent, queryKey: readonly unknown[]) =>
  queryKey[0] === "/api/contests" && queryKey[1] === event.contestId && queryKey[2] === "messages";

const firstSegment = (queryKey: readonly unknown[]) => (typeof queryKey[0] === "string" ? queryKey[0] : "");
const startsWith = (first: string, prefix: string) => first === prefix || first.startsWith(`${prefix}/`);

/** A query key as one string, to compare keys (["/api/contests", id] and the same built again). */
const keyText = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

const hasWeek = (entry: unknown): entry is { week: number } =>
  typeof entry === "object" && entry !== null && typeof (entry as { week?: unknown }).week === "number";

/** A week of weekly results with both players' picks (`WeeklyResult`). */
type WeekWithPicks = { week: number; player1Picks: unknown; player2Picks: unknown };
const hasPicks = (entry: unknown): entry is WeekWithPicks =>
  hasWeek(entry) && "player1Picks" in entry && "player2Picks" in entry;

/**
 * The queries' new data an event carries (a final's, to its players: decision 028), to write into
 * the page's cache as they are; `isRefreshedBy` leaves them alone. A query carried `of` a week of a
 * weekly results patch (decision 035) gets its value from that week's picks; one whose week the
 * event does not hold is not carried (it is refetched).
 */
export function carriedBy(event: LiveEvent): readonly CarriedQuery[] {
  const data: readonly CarriedQuery[] = event.data ?? [];
  if (!data.some((carried) => carried.of)) return data;
  const weeks = new Map<string, WeekWithPicks>();
  for (const { key, value, fromWeek } of data) {
    if (fromWeek === undefined || !Array.isArray(value)) continue;
    for (const entry of value) if (hasPicks(entry)) weeks.set(`${String(key[1])}|${entry.week}`, entry);
  }
  return data.flatMap((carried): CarriedQuery[] => {
    const { of } = carried;
    if (!of) return [carried];
    const week = weeks.get(`${of.contestId}|${of.week}`);
    if (!week) return [];
    const [own, other] =
      of.player === "player1"
        ? [week.player1Picks, week.player2Picks]
        : [week.player2Picks, week.player1Picks];
    const value = of.as === "picks" ? own : { opponentPicks: other, playerPriorPicksDetailed: own };
    return [{ key: carried.key, value }];
  });
}

/**
 * A query's data with what an event carried written in: the value itself, or with `fromWeek` (a
 * contest's weekly results, decision 030) the entries the page holds before that week followed by
 * the carried ones. `undefined` when a patch meets no list to patch: the query is to be refetched.
 */
export function withCarried(held: unknown, { value, fromWeek }: CarriedQuery): unknown {
  if (fromWeek === undefined) return value;
  if (!Array.isArray(held) || !Array.isArray(value) || !held.every(hasWeek)) return undefined;
  return [...held.filter((entry) => entry.week < fromWeek), ...(value as unknown[])];
}

/**
 * Which queries an event makes stale, to refetch: by its kind's row of `REFRESH`; a score update or
 * a final's grades by `scoresAndGrades`; a kind this page does not know by what it concerns.
 * Shared with `npm run bench`'s live Sunday, whose simulated pages refetch by this same rule.
 */
export function isRefreshedBy(event: LiveEvent): (queryKey: readonly unknown[]) => boolean {
  if (event.games || event.action === GRADES) return scoresAndGrades(event);
  const rule = Object.hasOwn(REFRESH, event.action) ? REFRESH[event.action as LiveEventKind] : unknownKind;
  return rule(event);
}

/**
 * A score update (an event with `games`) refetches nothing its games' states cannot patch
 * (`patchGames`): only the admin's pages (the feed panel, the activity log). A final's `grades`
 * event refetches the standings, picks and results of the contests it names (an admin's: "all")
 * and the players' records, never a query whose new data it carries (`carriedBy`).
 */
function scoresAndGrades(event: LiveEvent): (queryKey: readonly unknown[]) => boolean {
  const contests = event.contests ?? [];
  const named = new Set(contests === "all" ? [] : contests);
  const carried = new Set(carriedBy(event).map(({ key }) => keyText(key)));
  return (queryKey) => {
    const first = firstSegment(queryKey);
    if (startsWith(first, ADMIN)) return true;
    if (carried.size > 0 && carried.has(keyText(queryKey))) return false;
    // A grade moves the records of the players it names contests of (an admin's: anyone's).
    if (isRecord(first, queryKey)) return contests.length > 0;
    if (first !== CONTESTS || contests.length === 0) return false;
    // The list of contests (their standings), and what grades change of a contest named.
    if (queryKey.length === 1) return true;
    if (typeof queryKey[2] === "string" && UNGRADED.has(queryKey[2])) return false;
    return contests === "all" || (typeof queryKey[1] === "string" && named.has(queryKey[1]));
  };
}

/**
 * The refetches events ask for, one at a time per query: a query asked for again while its refetch
 * is under way is refetched once more when it ends, not restarted. A burst of events (a night's
 * finals settling thousands of contests' weeks, each an event to an admin's pages) then costs a
 * page two requests per query instead of one per event, and its last answer is still asked for
 * after the last event. Shared with `npm run bench`'s live Sunday, whose pages refetch by it too.
 */
export class RefetchQueue {
  /** The queries being refetched (by key), each with whether it was asked for again meanwhile. */
  private readonly running = new Map<string, boolean>();

  /** True: start the refetch now. False: one is under way, and it will go once more. */
  ask(queryKey: readonly unknown[]): boolean {
    const key = keyText(queryKey);
    if (this.running.has(key)) {
      this.running.set(key, true);
      return false;
    }
    this.running.set(key, false);
    return true;
  }

  /** The refetch ended (answered, failed or cancelled): true when it is to go once more, now. */
  done(queryKey: readonly unknown[]): boolean {
    const key = keyText(queryKey);
    const again = this.running.get(key) ?? false;
    if (again) this.running.set(key, false);
    else this.running.delete(key);
    return again;
  }
}

/**
 * The data of a query with the games' new live states written in: every game object in it (a
 * week's games, the game of each pick) whose id is among them. Returns the same value when nothing
 * changed, and new objects only along the paths that did, as a query's data is compared.
 */
export function patchGames<T>(data: T, states: ReadonlyMap<string, GameState>): T {
  return patch(data, states) as T;
}

function patch(value: unknown, states: ReadonlyMap<string, GameState>): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = patch(item, states);
      if (next !== item) (out ??= [...value])[index] = next;
    });
    return out ?? value;
  }
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  const state = typeof record.id === "string" && "homeTeam" in record ? states.get(record.id) : undefined;
  if (state) {
    const changed = (Object.keys(state) as (keyof GameState)[]).some(
      (field) => record[field] !== state[field],
    );
    return changed ? { ...record, ...state } : record;
  }
  let out: Record<string, unknown> | undefined;
  for (const [field, item] of Object.entries(record)) {
    if (typeof item !== "object" || item === null) continue;
    const next = patch(item, states);
    if (next !== item) (out ??= { ...record })[field] = next;
  }
  return out ?? record;
}

// contracts/events' `liveEvent`, checked by hand: zod (41 kB gzip) stays out of the signed-in shell,
// which opens the event stream on every screen. live-updates-patch-and-read.test.ts holds the two in agreement.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const STATUSES = new Set(["upcoming", "live", "final", "postponed", "canceled"]);
const PHASES = new Set(["halftime", "end_period"]);

const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
const isInt = (value: unknown) => typeof value === "number" && Number.isSafeInteger(value);
const isIntOrNull = (value: unknown) => value === null || isInt(value);

function readGameState(value: unknown): GameState | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { id, status, homeScore, awayScore, period, clock, phase } = value as Record<string, unknown>;
  if (!isUuid(id) || typeof status !== "string" || !STATUSES.has(status)) return null;
  if (!isIntOrNull(homeScore) || !isIntOrNull(awayScore) || !isIntOrNull(period)) return null;
  if (clock !== null && typeof clock !== "string") return null;
  if (phase !== null && (typeof phase !== "string" || !PHASES.has(phase))) return null;
  return {
    id,
    status: status as GameState["status"],
    homeScore: homeScore as number | null,
    awayScore: awayScore as number | null,
    period: period as number | null,
    clock,
    phase: phase as GameState["phase"],
  };
}

const isKeySegment = (value: unknown) =>
  typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

const PLAYERS = new Set(["player1", "player2"]);
const OF_KINDS = new Set(["picks", "availability"]);

/** A carried query's `of` (decision 035), or null when it is not one. */
function readOf(value: unknown): CarriedQuery["of"] | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { contestId, week, player, as } = value as Record<string, unknown>;
  if (!isUuid(contestId) || !isInt(week)) return null;
  if (typeof player !== "string" || !PLAYERS.has(player) || typeof as !== "string" || !OF_KINDS.has(as))
    return null;
  return {
    contestId,
    week: week as number,
    player: player as "player1" | "player2",
    as: as as "picks" | "availability",
  };
}

/** A carried query, as the contract's union reads it: with its value, else made `of` a week. */
function readCarriedQuery(value: unknown): CarriedQuery | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { key, value: data, fromWeek, of } = value as Record<string, unknown>;
  if (!Array.isArray(key) || key.length === 0 || !key.every(isKeySegment)) return null;
  if ("value" in value && (fromWeek === undefined || isInt(fromWeek))) {
    return fromWeek === undefined
      ? { key: key as QueryKey, value: data }
      : { key: key as QueryKey, value: data, fromWeek: fromWeek as number };
  }
  const made = readOf(of);
  return made ? { key: key as QueryKey, of: made } : null;
}

/** One message of the event stream as a LiveEvent, or null when it is not one. */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const { action, contestId, week, games, contests, data } = value as Record<string, unknown>;
  if (typeof action !== "string") return null;
  if (contestId !== null && !isUuid(contestId)) return null;
  const event: LiveEvent = { action, contestId };
  if (week !== undefined) {
    if (!isIntOrNull(week)) return null;
    event.week = week as number | null;
  }
  if (games !== undefined) {
    if (!Array.isArray(games)) return null;
    const states = games.map(readGameState);
    if (states.some((state) => state === null)) return null;
    event.games = states as GameState[];
  }
  if (contests !== undefined) {
    if (contests === "all") event.contests = "all";
    else if (Array.isArray(contests) && contests.every(isUuid)) event.contests = contests;
    else return null;
  }
  if (data !== undefined) {
    if (!Array.isArray(data)) return null;
    const carried = data.map(readCarriedQuery);
    if (carried.some((query) => query === null)) return null;
    event.data = carried as CarriedQuery[];
  }
  return event;
}
