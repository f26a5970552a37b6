import type { User } from "@/contracts/auth";
import { prefetchMakePicks } from "@/client/features/picks/api/prefetch-make-picks";
import { contestsQuery } from "@/client/lib/queries/contests";
import { currentUserQuery } from "@/client/lib/queries/current-user";
import { usersQuery } from "@/client/lib/queries/users";
import { seasonAnswered, seasonKey, seasonQuery } from "@/client/lib/queries/season";
import type { SeasonInfo } from "@/contracts/season";
import { queryClient } from "@/client/lib/query-client";
import { keepApiAnswers } from "@/client/lib/offline-cache";
import { keepCarriedAnswers } from "@/client/lib/carried-answers";
import { readStartingData, takeStartingData } from "./starting-data";

/** The signed-in shell, with the dashboard in it. */
export const loadSignedInApp = () => import("./signed-in-app");

/**
 * The data every signed-in screen starts from (the dashboard and Make Picks read all three; the
 * signed-in page preloads them, server/plugins/client.ts). Never rejects: a failed query shows on
 * the screen that reads it.
 */
export const prefetchStartingData = () =>
  Promise.all([
    queryClient.prefetchQuery(contestsQuery),
    queryClient.prefetchQuery(seasonQuery),
    queryClient.prefetchQuery(usersQuery),
  ]);

/** A wouter pattern ("/contests/:contestId") against a path: case-insensitive, trailing slash optional. */
export const matchesPath = (pattern: string, pathname: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}/?$`, "i").test(pathname);

/**
 * Screens whose code is fetched beside the shell's rather than after it, and whose own data is
 * asked for once the user is known.
 */
const preloaded: {
  path: string;
  load: () => Promise<unknown>;
  prefetch: (search: string, user: User) => Promise<void>;
}[] = [
  {
    path: "/picks",
    load: () => import("@/client/features/picks/components/make-picks-page"),
    prefetch: prefetchMakePicks,
  },
];

/**
 * Run once at start. Without it a signed-in screen waits for rounds one after the other: the user,
 * the shell's code, the screen's code, then its data (the contests first, then what depends on
 * them). Here the shell's code is fetched beside the user, and the screen's with it (Make Picks) or
 * as soon as the shell's has arrived (the others); the data most screens start from (the dashboard and Make Picks read all three) is
 * asked for the moment the user is known, and Make Picks' own data the moment the contests arrive.
 */
export function preloadSignedIn(pathname: string, search: string): void {
  const screen = preloaded.find(({ path }) => matchesPath(path, pathname));
  // Not at "/", where most visitors are signed out and see the landing page.
  if (pathname !== "/") void loadSignedInApp().then((shell) => shell.preloadScreen(pathname));
  void screen?.load();
  // A player's page carries the user and the starting data: the queries below find them here, and
  // the service worker's offline copy keeps them as it keeps the answers it fetches.
  const carried = readStartingData(takeStartingData());
  for (const [key, data] of carried.queries) {
    // What the season's query does with its answer, done with the carried one (its fetch is skipped).
    if (key[0] === seasonKey[0] && typeof data === "object" && data !== null)
      seasonAnswered(data as SeasonInfo);
    queryClient.setQueryData(key, data);
  }
  // The screen's own first requests (below, and as it renders) are answered from the page.
  keepCarriedAnswers(carried.screenAnswers);
  void keepApiAnswers(carried.answers);
  void queryClient.fetchQuery(currentUserQuery).then(
    (user) => {
      if (!user) return;
      void prefetchStartingData();
      void screen?.prefetch(search, user).catch(() => undefined); // the screen asks again
    },
    () => undefined, // the Gate shows what a failure means (the landing page)
  );
}
