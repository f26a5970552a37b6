// The open pages' `patchGames`: a score update's games written into a page's data as the client
// does, batched until a burst of arrivals is over (client work only: nothing the server sees).
import type { GameState } from "@/contracts/events";
import { patchGames } from "@/client/lib/live-updates";
import type { HeldQuery } from "./page-queries";

/**
 * The patches wait until no event has arrived for this long (the burst is over), or until the
 * oldest has waited PATCH_MAX_WAIT_MS: a fan-out arrives over hundreds of ms, in the servers' slices.
 */
const PATCH_QUIET_MS = 50;
const PATCH_MAX_WAIT_MS = 2_000;

/** What the patches cost: the pages patched, and this process's time on them (ms). */
export interface PatchStats {
  patchedPages: number;
  patchMs: number;
}

export class GamePatches {
  private patches: { page: number; states: Map<string, GameState> }[] = [];
  private patchTimer: NodeJS.Timeout | undefined;
  /** When the first patch waiting arrived, and the last (performance.now()). */
  private patchesSince = 0;
  private lastPatchAt = 0;

  constructor(
    /** Each page's queries (held by the open pages, patched in place). */
    private readonly queries: readonly HeldQuery[][],
    private readonly stats: PatchStats,
  ) {}

  /** Page `page` got these games' states: patched with the burst they came in. */
  patchLater(page: number, games: readonly GameState[]): void {
    this.lastPatchAt = performance.now();
    if (this.patches.length === 0) this.patchesSince = this.lastPatchAt;
    this.patches.push({ page, states: new Map(games.map((state) => [state.id, state])) });
    this.patchTimer ??= setTimeout(() => this.patchWhenQuiet(), PATCH_QUIET_MS);
  }

  /** Patches nothing more. */
  stop(): void {
    clearTimeout(this.patchTimer);
  }

  /** `patchAll` once the burst of arrivals is over (see PATCH_QUIET_MS), else later. */
  private patchWhenQuiet(): void {
    const now = performance.now();
    const quietFor = now - this.lastPatchAt;
    if (quietFor < PATCH_QUIET_MS && now - this.patchesSince < PATCH_MAX_WAIT_MS) {
      this.patchTimer = setTimeout(() => this.patchWhenQuiet(), PATCH_QUIET_MS - quietFor);
      return;
    }
    this.patchAll();
  }

  /** `patchGames` over each page's data, as the client does on a score update. */
  private patchAll(): void {
    this.patchTimer = undefined;
    const started = performance.now();
    const batch = this.patches;
    this.patches = [];
    for (const { page, states } of batch) {
      for (const query of this.queries[page]!) {
        if (query.data === undefined) continue;
        const patched = patchGames(query.data, states);
        if (patched !== query.data) query.data = patched;
      }
      this.stats.patchedPages += 1;
    }
    this.stats.patchMs += performance.now() - started;
  }
}
