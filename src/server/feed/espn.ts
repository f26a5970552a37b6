import { z } from "zod";
import type { FedGame, FeedGameStatus, FeedPhase } from "@/domain/feed";
import { postseasonWeek, PRO_BOWL_ESPN_WEEK, REGULAR_WEEKS, weekOfEspnPostseason } from "@/domain/postseason";
import type { FeedSkip } from "@/contracts/feed";
import { FeedError, type FeedProvider, type FeedWeek } from "./provider";

export const ESPN_URL = "https://site.api.espn.com/apis/site/v2/sports/football/nfl";
/** ESPN's team codes that differ from ours. */
export const TEAM_CODES: Record<string, string> = { WSH: "WAS", LAR: "LA" };
const REGULAR_SEASON = 2;
const POSTSEASON = 3;
const MAX_TIMEOUT_MS = 10_000;

const competitor = z.object({
  homeAway: z.enum(["home", "away"]),
  score: z.union([z.string(), z.number()]).optional(),
  team: z.object({ abbreviation: z.string().min(1) }),
});

const status = z.object({
  period: z.number().optional(),
  displayClock: z.string().optional(),
  type: z.object({
    name: z.string(),
    state: z.string(),
    completed: z.boolean(),
    detail: z.string().optional(),
    shortDetail: z.string().optional(),
  }),
});

const teamOdds = z.object({ favorite: z.boolean().optional() }).optional();
const odds = z.object({
  details: z.string().optional(),
  overUnder: z.number().optional(),
  spread: z.number().optional(),
  homeTeamOdds: teamOdds,
  awayTeamOdds: teamOdds,
});

const event = z.object({
  id: z.string().min(1),
  date: z.string(),
  season: z.object({ year: z.number().int(), type: z.number().int() }),
  week: z.object({ number: z.number().int() }),
  status: status.optional(),
  competitions: z
    .array(
      z.object({
        status: status.optional(),
        competitors: z.array(competitor),
        odds: z.array(z.unknown()).optional(),
      }),
    )
    .min(1, "has no competition"),
});

const scoreboard = z.object({ events: z.array(z.unknown()) });

/** ESPN writes instants to the minute ("2024-09-06T00:20Z"): valid ISO 8601, read as such. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface EspnOptions {
  baseUrl: string;
  /** At most 10 s (the issue's bound); tests shorten it. */
  timeoutMs?: number;
  userAgent?: string;
}

/** ESPN's public scoreboard API (JSON, no key). */
export class EspnProvider implements FeedProvider {
  readonly source = "espn";
  private readonly timeoutMs: number;

  constructor(private readonly options: EspnOptions) {
    this.timeoutMs = Math.min(options.timeoutMs ?? MAX_TIMEOUT_MS, MAX_TIMEOUT_MS);
  }

  async fetchWeek(season: number, week: number, signal?: AbortSignal): Promise<FeedWeek> {
    // A postseason week of ours is one of ESPN's postseason weeks (season type 3, numbered from 1).
    const round = postseasonWeek(week);
    const query = round
      ? `seasontype=${POSTSEASON}&week=${round.espnWeek}`
      : `seasontype=${REGULAR_SEASON}&week=${week}`;
    const url = `${this.options.baseUrl.replace(/\/$/, "")}/scoreboard?${query}&dates=${season}&limit=1000`;
    const body = await this.get(url, signal);
    return readScoreboard(body, season);
  }

  private async get(url: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const failed = (error: unknown, what: string) => {
      if (timeout.aborted)
        return new FeedError(`The source did not answer within ${this.timeoutMs / 1000} s.`);
      if (signal?.aborted) return new FeedError("The sync was stopped.");
      return new FeedError(`${what}: ${describe(error)}.`);
    };
    let response: Response;
    try {
      response = await fetch(url, {
        signal: abort,
        headers: { accept: "application/json", "user-agent": this.options.userAgent ?? "FootballPool/1.0" },
      });
    } catch (error) {
      throw failed(error, "The source could not be reached");
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw failed(error, "The source's answer was cut short");
    }
    if (!response.ok) throw new FeedError(`The source answered HTTP ${response.status}.`);
    try {
      return JSON.parse(text);
    } catch {
      throw new FeedError("The source's answer is not valid JSON (cut short?).");
    }
  }
}

/** Undici's codes, in words. */
const NETWORK_ERRORS: Record<string, string> = {
  UND_ERR_SOCKET: "the connection broke off",
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was reset",
  ENOTFOUND: "the host name is unknown",
  EAI_AGAIN: "the host name could not be looked up",
};

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code && NETWORK_ERRORS[cause.code]) return NETWORK_ERRORS[cause.code]!;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** An answer of the scoreboard as our games: each event read on its own, the bad ones named. */
export function readScoreboard(body: unknown, season: number): FeedWeek {
  const parsed = scoreboard.safeParse(body);
  if (!parsed.success) throw new FeedError("The source's answer has no list of events.");
  const games: FedGame[] = [];
  const skipped: FeedSkip[] = [];
  const seen = new Set<string>();
  parsed.data.events.forEach((raw, index) => {
    const result = readEvent(raw, season);
    const eventId = result.eventId ?? `#${index + 1}`;
    if ("reason" in result) skipped.push({ eventId, reason: result.reason });
    else if (seen.has(result.game.externalId)) skipped.push({ eventId, reason: "is listed twice" });
    else {
      seen.add(result.game.externalId);
      games.push(result.game);
    }
  });
  return { games, skipped };
}

type EventResult = { eventId?: string; game: FedGame } | { eventId?: string; reason: string };

function readEvent(raw: unknown, season: number): EventResult {
  const rawId = (raw as { id?: unknown } | null)?.id;
  const eventId = typeof rawId === "string" ? rawId : undefined;
  const parsed = event.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { eventId, reason: `is malformed (${issue?.path.join(".") || "event"}: ${issue?.message})` };
  }
  const data = parsed.data;
  if (data.season.type !== REGULAR_SEASON && data.season.type !== POSTSEASON) {
    return {
      eventId,
      reason: `is not a regular-season or postseason game (season type ${data.season.type})`,
    };
  }
  if (data.season.year !== season) return { eventId, reason: `belongs to season ${data.season.year}` };
  const week = weekOfEvent(data.season.type, data.week.number);
  if (typeof week === "string") return { eventId, reason: week };
  if (!INSTANT.test(data.date) || Number.isNaN(Date.parse(data.date))) {
    return { eventId, reason: `has an unreadable date (${data.date})` };
  }
  const competition = data.competitions[0]!;
  const home = competition.competitors.filter((team) => team.homeAway === "home");
  const away = competition.competitors.filter((team) => team.homeAway === "away");
  if (home.length !== 1 || away.length !== 1)
    return { eventId, reason: "does not have one home and one away team" };
  const homeTeam = teamCode(home[0]!.team.abbreviation);
  const awayTeam = teamCode(away[0]!.team.abbreviation);
  if (homeTeam === awayTeam) return { eventId, reason: `has ${homeTeam} playing itself` };

  const state = readStatus(competition.status ?? data.status);
  if ("reason" in state) return { eventId, reason: state.reason };
  let homeScore: number | null = null;
  let awayScore: number | null = null;
  if (state.status === "live" || state.status === "final") {
    homeScore = readScore(home[0]!.score);
    awayScore = readScore(away[0]!.score);
    if (homeScore === null || awayScore === null) {
      return {
        eventId,
        reason: `has a score that is not a number (${String(away[0]!.score)}-${String(home[0]!.score)})`,
      };
    }
  }
  return {
    eventId,
    game: {
      externalId: data.id,
      season: data.season.year,
      week,
      homeTeam,
      awayTeam,
      kickoff: new Date(data.date),
      status: state.status,
      homeScore,
      awayScore,
      period: state.period,
      clock: state.clock,
      phase: state.phase,
      line: readLine(competition.odds?.[0], homeTeam, awayTeam),
    },
  };
}

/**
 * Our week of an event: a regular-season week as ESPN numbers it (1 to 18); a postseason one as the
 * round's week of ours (19 to 22), never a regular week. Else why it is skipped.
 */
function weekOfEvent(seasonType: number, espnWeek: number): number | string {
  if (seasonType === REGULAR_SEASON) {
    return espnWeek >= 1 && espnWeek <= REGULAR_WEEKS
      ? espnWeek
      : `has week ${espnWeek}, outside weeks 1 to ${REGULAR_WEEKS}`;
  }
  if (espnWeek === PRO_BOWL_ESPN_WEEK) return "is the Pro Bowl, not a game of the pool";
  return weekOfEspnPostseason(espnWeek) ?? `has postseason week ${espnWeek}, not a round of the postseason`;
}

const teamCode = (abbreviation: string) => {
  const code = abbreviation.trim().toUpperCase();
  return TEAM_CODES[code] ?? code;
};

function readScore(score: string | number | undefined): number | null {
  const text = typeof score === "number" ? String(score) : (score ?? "").trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  return Number(text);
}

interface ReadStatus {
  status: FeedGameStatus;
  period: number | null;
  clock: string | null;
  phase: FeedPhase | null;
}

const LIVE_PHASES: Record<string, FeedPhase | null> = {
  STATUS_IN_PROGRESS: null,
  STATUS_HALFTIME: "halftime",
  STATUS_END_PERIOD: "end_period",
};

function readStatus(value: z.infer<typeof status> | undefined): ReadStatus | { reason: string } {
  if (!value) return { reason: "has no status" };
  const { name, state, completed } = value.type;
  const period =
    value.period !== undefined && Number.isInteger(value.period) && value.period >= 0 ? value.period : null;
  if (name === "STATUS_POSTPONED") return { status: "postponed", period: null, clock: null, phase: null };
  if (name === "STATUS_CANCELED") return { status: "canceled", period: null, clock: null, phase: null };
  // A delay before kickoff is not a kickoff.
  if (name === "STATUS_DELAYED" || state === "pre")
    return { status: "upcoming", period: null, clock: null, phase: null };
  if (state === "in") {
    const phase = LIVE_PHASES[name] ?? null;
    return { status: "live", period, clock: value.displayClock ?? null, phase };
  }
  if (state === "post" && completed) {
    const overtime = /OT/.test(value.type.shortDetail ?? value.type.detail ?? "");
    return {
      status: "final",
      period: overtime ? Math.max(period ?? 0, 5) : period,
      clock: null,
      phase: null,
    };
  }
  return { reason: `has a status we do not know (${name}, ${state})` };
}

const odds0 = odds.optional();

/** The line from the home team's view: `spread` when given (recent answers), else parsed from `details`. */
function readLine(raw: unknown, homeTeam: string, awayTeam: string): FedGame["line"] {
  const none = { spread: null, favoriteTeam: null, total: null };
  const parsed = odds0.safeParse(raw);
  if (!parsed.success || !parsed.data) return none;
  const data = parsed.data;
  const total =
    data.overUnder !== undefined && isLine(data.overUnder) && data.overUnder >= 20 && data.overUnder <= 80
      ? data.overUnder
      : null;
  let spread: number | null = null;
  let favoriteTeam: string | null = null;
  if (data.spread !== undefined && isLine(data.spread) && Math.abs(data.spread) <= 60) {
    const bySign = data.spread < 0 ? homeTeam : data.spread > 0 ? awayTeam : null;
    const flagged = data.homeTeamOdds?.favorite ? homeTeam : data.awayTeamOdds?.favorite ? awayTeam : null;
    // The favorite flags must agree with the spread's sign; a line that contradicts itself is not taken.
    if (bySign === null || flagged === null || flagged === bySign) {
      spread = data.spread;
      favoriteTeam = bySign;
    }
  } else if (data.details !== undefined) {
    const details = data.details.trim();
    if (/^(EVEN|PK|PICK|PICK'?EM)$/i.test(details)) spread = 0;
    const match = /^([A-Z]{2,4})\s+-?(\d+(?:\.\d+)?)$/i.exec(details);
    if (match) {
      const team = teamCode(match[1]!);
      const points = Number(match[2]);
      if ((team === homeTeam || team === awayTeam) && isLine(points) && points <= 60) {
        spread = points === 0 ? 0 : team === homeTeam ? -points : points;
        favoriteTeam = points === 0 ? null : team;
      }
    }
  }
  if (spread === 0) favoriteTeam = null;
  return { spread, favoriteTeam, total };
}

/** Our lines are in half points. */
const isLine = (value: number) => Number.isFinite(value) && Number.isInteger(value * 2);
