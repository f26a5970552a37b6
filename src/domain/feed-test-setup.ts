import { mergeFedGame, type FedGame, type MergeOptions, type StoredGame } from "./feed";

// The games and instants that feed-merge-*.test.ts merge, and their merge (`mergeFedGame`).

// BUF @ HOU, week 12 of 2025: Thursday night, 01:15 UTC Friday.
export const KICKOFF = new Date("2025-11-21T01:15:00Z");
export const BEFORE = new Date("2025-11-20T12:00:00Z");
export const DURING = new Date("2025-11-21T02:30:00Z");
export const AFTER = new Date("2025-11-21T05:00:00Z");
export const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

export const stored = (overrides: Partial<StoredGame> = {}): StoredGame => ({
  season: 2025,
  week: 12,
  homeTeam: "HOU",
  awayTeam: "BUF",
  gameDate: KICKOFF,
  spread: 6,
  favoriteTeam: "BUF",
  overUnder: 43.5,
  status: "upcoming",
  homeScore: null,
  awayScore: null,
  period: null,
  clock: null,
  phase: null,
  externalId: "401772946",
  pinned: [],
  ...overrides,
});

export const fed = (overrides: Partial<FedGame> = {}): FedGame => ({
  externalId: "401772946",
  season: 2025,
  week: 12,
  homeTeam: "HOU",
  awayTeam: "BUF",
  kickoff: KICKOFF,
  status: "upcoming",
  homeScore: null,
  awayScore: null,
  period: null,
  clock: null,
  phase: null,
  line: { spread: 6, favoriteTeam: "BUF", total: 43.5 },
  ...overrides,
});

export const live = (homeScore: number, awayScore: number, extra: Partial<FedGame> = {}) =>
  fed({ status: "live", homeScore, awayScore, period: 2, clock: "6:52", line: noLine, ...extra });
export const final = (homeScore: number, awayScore: number, extra: Partial<FedGame> = {}) =>
  fed({ status: "final", homeScore, awayScore, period: 4, line: noLine, ...extra });
export const noLine = { spread: null, favoriteTeam: null, total: null };

export const free: Omit<MergeOptions, "now"> = { weekLocked: false, weekTaken: false };

export function merge(game: StoredGame, from: FedGame, now: Date, options: Partial<MergeOptions> = {}) {
  const outcome = mergeFedGame(game, from, { now, ...free, ...options });
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}
