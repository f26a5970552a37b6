import { lazy, type ComponentType } from "react";
import DashboardPage from "@/client/features/dashboard/components/dashboard-page";
import { lazyScreens } from "./screens";

/**
 * Every signed-in screen. The dashboard, the first screen after sign-in, ships with the shell (one
 * request less before it shows); every other screen is loaded on demand (screens.ts). Paths match
 * case-insensitively, trailing slash optional.
 */
export const routes: { path: string; screen: ComponentType; adminOnly?: boolean }[] = [
  { path: "/", screen: DashboardPage },
  ...lazyScreens.map(({ path, load }) => ({ path, screen: lazy(load) })),
];

export const NotFoundScreen = lazy(() => import("@/client/features/shell/components/not-found-page"));
