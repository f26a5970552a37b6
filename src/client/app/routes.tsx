import { lazy, type ComponentType } from "react";
import DashboardPage from "@/client/features/dashboard/components/dashboard-page";

/**
 * Every signed-in screen. The dashboard, the first screen after sign-in, ships with the shell (one
 * request less before it shows); every other screen is loaded on demand. Paths match
 * case-insensitively, trailing slash optional.
 */
export const routes: { path: string; screen: ComponentType; adminOnly?: boolean }[] = [
  { path: "/", screen: DashboardPage },
  { path: "/contests", screen: lazy(() => import("@/client/features/contests/components/my-contests-page")) },
  {
    path: "/contests/:contestId",
    screen: lazy(() => import("@/client/features/contests/components/contest-details-page")),
  },
  { path: "/picks", screen: lazy(() => import("@/client/features/picks/components/make-picks-page")) },
  { path: "/games", screen: lazy(() => import("@/client/features/games/components/games-lines-page")) },
  { path: "/standings", screen: lazy(() => import("@/client/features/standings/components/standings-page")) },
  { path: "/admin", screen: lazy(() => import("@/client/features/admin/components/admin-overview-page")) },
  {
    path: "/admin/players",
    screen: lazy(() => import("@/client/features/admin-players/components/player-management-page")),
  },
  {
    path: "/admin/contests",
    screen: lazy(() => import("@/client/features/admin-contests/components/contest-management-page")),
  },
  {
    path: "/admin/betting",
    screen: lazy(() => import("@/client/features/admin-betting/components/betting-management-page")),
  },
  {
    path: "/admin/first-picker",
    screen: lazy(() => import("@/client/features/admin-first-picker/components/first-picker-page")),
  },
  {
    path: "/admin/games",
    screen: lazy(() => import("@/client/features/admin-games/components/games-management-page")),
  },
  {
    path: "/score-entry",
    screen: lazy(() => import("@/client/features/score-entry/components/score-entry-page")),
  },
  { path: "/settings", screen: lazy(() => import("@/client/features/settings/components/settings-page")) },
];

export const NotFoundScreen = lazy(() => import("@/client/features/shell/components/not-found-page"));
