import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { RESYNC } from "@/contracts/constants";
import type { LiveEvent } from "@/contracts/events";
import { applyLiveEvent } from "@/client/lib/apply-live-event";
import { dropCarriedAnswers } from "@/client/lib/carried-answers";
import { readLiveEvent } from "@/client/lib/live-updates";
import { currentUserKey } from "@/client/lib/queries/current-user";

const EVENTS_URL = "/api/events";
const MAX_RETRY_MS = 60_000;

/**
 * Live updates (docs/rules.md, "Live updates"; decision 008): one event stream per signed-in page. Each event
 * refreshes the queries it concerns, so a player sees the opponent's picks and the scores without reloading;
 * no polling. A score update carries the games' new states, written into every query that shows those games,
 * so thousands of open pages follow a game without asking the server; a final also carries to its players the
 * new data of the queries its grades changed, written as they are (decision 028). After the stream was down,
 * everything is refreshed, since events may have been missed.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;

    const refresh = (event: LiveEvent) => {
      // What the page's document carried and no request has taken yet may be older than this.
      dropCarriedAnswers();
      applyLiveEvent(queryClient, event);
    };

    const connect = () => {
      source = new EventSource(EVENTS_URL);
      source.onopen = () => {
        if (connectedBefore) refresh({ action: RESYNC, contestId: null });
        connectedBefore = true;
        failures = 0;
      };
      source.onmessage = (message: MessageEvent<string>) => {
        try {
          const event = readLiveEvent(JSON.parse(message.data));
          if (event) refresh(event);
        } catch {
          // Not ours: ignore.
        }
      };
      source.onerror = () => {
        // While CONNECTING the browser retries by itself. CLOSED means refused (signed out, server
        // shutting down): check the session, which signs the page out on a 401, and try again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
        retry = setTimeout(connect, Math.min(MAX_RETRY_MS, 2_000 * 2 ** failures));
        failures += 1;
      };
    };

    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
}
