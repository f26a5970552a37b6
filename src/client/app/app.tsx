import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, type ComponentType } from "react";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { LandingPage } from "@/client/features/landing/components/landing-page";
import { queryClient } from "@/client/lib/query-client";
import { loadSignedInApp, preloadSignedIn, prefetchStartingData } from "./preload";
import { ThemeProvider } from "./theme-provider";

import { accountPageAt } from "./account-pages";

// The landing page ships in the first bundle; everything behind sign-in is loaded on demand.
// The shell is drawn once its code and the data every screen starts from are here: one render, in
// the Gate's transition (in slices), rather than a render with placeholders and then another when
// the data comes, which is one long task (a query's update is never in a transition).
// The wait for the data is cut short after STARTING_DATA_WAIT_MS: a slow API then shows the shell
// with its placeholders, not the landing page on and on.
const STARTING_DATA_WAIT_MS = 2_000;
const SignedInApp = lazy(async () => {
  const dataOrTimeout = Promise.race([
    prefetchStartingData(),
    new Promise((resolve) => setTimeout(resolve, STARTING_DATA_WAIT_MS)),
  ]);
  const [shell] = await Promise.all([loadSignedInApp(), dataOrTimeout]);
  await shell.prepareClassMerging();
  return shell;
});

const accountPage = accountPageAt(window.location.pathname);
const AccountPage: ComponentType | undefined = accountPage && lazy(accountPage.load);

if (!AccountPage) preloadSignedIn(window.location.pathname, window.location.search);

function Gate() {
  const { user: known } = useCurrentUser();
  // The shell is drawn in a transition once the user is known: React draws it in slices between
  // which the page stays responsive, instead of in one long task, while the landing page stays up.
  // The first render is always the landing page (null): it hydrates the one index.html holds, even
  // when the user arrived before React's first render.
  const user = useDeferredValue(known, null);
  if (AccountPage) {
    return (
      <Suspense fallback={null}>
        <AccountPage />
      </Suspense>
    );
  }
  // While authentication is loading, and for signed-out visitors on every path: the landing page.
  if (!user) return <LandingPage />;
  // Also while the shell's code loads: the user may be known before the first render (preload.ts
  // asks at start), and the page would otherwise stay blank until the shell arrives.
  return (
    <Suspense fallback={<LandingPage />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Gate />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
