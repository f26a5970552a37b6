/** Test data for the picks screen's view logic: a game, a pick on it, a contest, each overridable. */
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";

export const game = (over: Partial<Game> = {}): Game => ({
  id: "00000000-0000-4000-8000-000000000001",
  week: 1,
  season: 2025,
  homeTeam: "PHI",
  awayTeam: "DAL",
  favoriteTeam: "PHI",
  gameDate: "2025-09-05T00:20:00.000Z",
  spread: "-8.5",
  overUnder: "47.5",
  homeScore: null,
  awayScore: null,
  status: "upcoming",
  period: null,
  clock: null,
  phase: null,
  externalId: null,
  pinned: [],
  ...over,
});

export const made = (over: Partial<MadePick> = {}): MadePick => ({
  id: "10000000-0000-4000-8000-000000000001",
  gameId: game().id,
  market: "spread",
  side: "favorite",
  lineSpread: "-8.5",
  lineFavorite: "PHI",
  lineTotal: null,
  result: "pending",
  isWin: null,
  game: game(),
  ...over,
});

export const contest = (over: Partial<Contest> = {}): Contest => ({
  id: "c1",
  name: "Rivals",
  description: "",
  status: "active",
  player1Id: "p1",
  player2Id: "p2",
  player2Email: "p2@example.com",
  betAmount: 10,
  isFree: false,
  season: 2025,
  startWeek: 1,
  currentWeek: 1,
  totalWeeks: 18,
  maxPicksPerPlayer: 2,
  rounds: null,
  tiebreaker: false,
  lockOfTheWeek: false,
  potRollover: false,
  postseason: false,
  postseasonMultipliers: [1, 1, 1, 1],
  winnerId: null,
  createdAt: "2025-09-01T00:00:00.000Z",
  predecessorId: null,
  rematch: null,
  standing: {
    player1: { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
    player2: { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
    completedWeeks: 0,
  },
  ...over,
});
