import type { FedGame } from "@/domain/feed";
import type { FeedSkip } from "@/contracts/feed";

/**
 * A source of games (one module per source: ESPN now, a paid odds API or another league later). It
 * yields validated, source-neutral games; the rest of the app never sees the source's shape.
 */
export interface FeedProvider {
  /** Stored with each game's external id: ids are unique per source. */
  readonly source: string;
  /** One week of ours: 1 to 18 regular, 19 to 22 the postseason's rounds. Throws `FeedError` when the source fails (nothing is applied then). */
  fetchWeek(season: number, week: number, signal?: AbortSignal): Promise<FeedWeek>;
}

export interface FeedWeek {
  games: FedGame[];
  /** Events of the answer that could not be read, each named with why. */
  skipped: FeedSkip[];
}

/** The source could not be read: an HTTP error, a body that is not JSON, no answer in time. */
export class FeedError extends Error {
  override name = "FeedError";
}
