import { Suspense } from "react";
import { Route, Switch } from "wouter";
import type { User } from "@/contracts/auth";
import { AppStatus } from "@/client/components/app-status";
import { Logo } from "@/client/components/logo";
import { MAIN_CONTENT_ID, SkipLink } from "@/client/components/skip-link";
import { Skeleton } from "@/client/components/ui/skeleton";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/client/components/ui/sidebar";
import { Toaster } from "@/client/components/ui/toaster";
import { TooltipProvider } from "@/client/components/ui/tooltip";
import { useLiveUpdates } from "@/client/hooks/use-live-updates";
import { AppSidebar } from "./layout/app-sidebar";
import { ThemeToggle } from "./layout/theme-toggle";
import { NotFoundScreen, routes } from "./routes";

// For preload.ts: the screens' code is reached through the shell's chunk (see screens.ts).
export { preloadScreen } from "./screens";
// For app.tsx, before the shell's first render.
export { prepareClassMerging } from "@/client/lib/utils";

function ScreenLoading() {
  return (
    <div className="space-y-4" aria-busy="true" role="status" aria-label="Loading">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/**
 * The signed-in shell: the skip link, the sidebar (a navigation landmark), the header (banner) with
 * the theme switch, and the screen for the path in <main>.
 */
export default function SignedInApp({ user }: { user: User }) {
  useLiveUpdates();
  return (
    <TooltipProvider delayDuration={0}>
      <SkipLink />
      <SidebarProvider>
        <AppSidebar user={user} />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
            <Logo className="size-7" />
            <SidebarTrigger />
            <span className="font-semibold">Football Pool</span>
            <div className="ml-auto">
              <ThemeToggle />
            </div>
          </header>
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl flex-1 scroll-mt-14 p-4 sm:p-6"
          >
            <Suspense fallback={<ScreenLoading />}>
              <Switch>
                {routes.map(({ path, screen: Screen }) => (
                  <Route key={path} path={path}>
                    <Screen />
                  </Route>
                ))}
                <Route>
                  <NotFoundScreen />
                </Route>
              </Switch>
            </Suspense>
          </main>
        </SidebarInset>
      </SidebarProvider>
      <AppStatus />
      <Toaster />
    </TooltipProvider>
  );
}
