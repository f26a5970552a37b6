// A contest, a game and its live state, for live-updates-refresh and live-updates-patch-and-read.test.ts.
export const CONTEST = "6f1c1d2e-8f7a-4b7e-9a51-2b7b2f3c4d5e";
export const GAME = "0b9f3c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d";
export const live = {
  id: GAME,
  status: "live",
  homeScore: 3,
  awayScore: 7,
  period: 2,
  clock: "6:52",
  phase: null,
} as const;
