import type { ComponentType } from "react";
import { matchesPath } from "./preload";

/**
 * Every signed-in screen but the dashboard (which ships with the shell), loaded on demand. Paths are
 * wouter patterns; they match case-insensitively, trailing slash optional. Only the shell imports
 * this: were the first bundle to, the code the shell shares with the screens would be cut into
 * many small chunks.
 */
export const lazyScreens: { path: string; load: () => Promise<{ default: ComponentType }> }[] = [
  { path: "/contests", load: () => import("@/client/features/contests/components/my-contests-page") },
  {
    path: "/contests/:contestId",
    load: () => import("@/client/features/contests/components/contest-details-page"),
  },
  {
    path: "/contests/:contestId/rivalry",
    load: () => import("@/client/features/rivalry/components/rivalry-page"),
  },
  { path: "/picks", load: () => import("@/client/features/picks/components/make-picks-page") },
  { path: "/games", load: () => import("@/client/features/games/components/games-lines-page") },
  { path: "/standings", load: () => import("@/client/features/standings/components/standings-page") },
  { path: "/admin", load: () => import("@/client/features/admin/components/admin-overview-page") },
  {
    path: "/admin/players",
    load: () => import("@/client/features/admin-players/components/player-management-page"),
  },
  {
    path: "/admin/contests",
    load: () => import("@/client/features/admin-contests/components/contest-management-page"),
  },
  {
    path: "/admin/betting",
    load: () => import("@/client/features/admin-betting/components/betting-management-page"),
  },
  {
    path: "/admin/first-picker",
    load: () => import("@/client/features/admin-first-picker/components/first-picker-page"),
  },
  {
    path: "/admin/games",
    load: () => import("@/client/features/admin-games/components/games-management-page"),
  },
  { path: "/score-entry", load: () => import("@/client/features/score-entry/components/score-entry-page") },
  { path: "/settings", load: () => import("@/client/features/settings/components/settings-page") },
  {
    path: "/settings/notifications",
    load: () => import("@/client/features/notifications/components/notifications-page"),
  },
];

/** Starts loading the code of the screen at this address, if it is one of the above. */
export function preloadScreen(pathname: string): void {
  void lazyScreens.find(({ path }) => matchesPath(path, pathname))?.load();
}
