// How many live-update streams one client may hold open on an instance: a session, its tabs'; an
// address (many people behind one NAT), more. Past either, 429 with the reason.
import type { Env } from "../env";
import { AppError } from "../errors";

/** Open streams per key (a session, an address): counted as they open and close. */
class Counts {
  private readonly counts = new Map<string, number>();
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string, by: 1 | -1): void {
    const next = this.of(key) + by;
    if (next > 0) this.counts.set(key, next);
    else this.counts.delete(key);
  }
}

/** The open streams of an instance, counted per session and per address against their limits. */
export class StreamLimits {
  private readonly perSession = new Counts();
  private readonly perAddress = new Counts();

  constructor(private readonly env: Pick<Env, "EVENT_STREAMS_PER_SESSION" | "EVENT_STREAMS_PER_ADDRESS">) {}

  /**
   * What one client may hold open on this instance: a session its tabs' streams, an
   * address (many people behind one NAT) more. Past either, 429 with the reason; the page's
   * EventSource tries again later, backing off.
   */
  admit(sessionId: string, address: string): void {
    const { EVENT_STREAMS_PER_SESSION: perSession, EVENT_STREAMS_PER_ADDRESS: perAddress } = this.env;
    if (this.perSession.of(sessionId) >= perSession) {
      throw new AppError(
        429,
        `Too many live-update streams for this session (${perSession}): close a tab of the app and try again.`,
      );
    }
    if (this.perAddress.of(address) >= perAddress) {
      throw new AppError(
        429,
        `Too many live-update streams from this address (${perAddress}). Try again later.`,
      );
    }
  }

  /** A stream opened (1) or closed (-1). */
  opened(sessionId: string, address: string, by: 1 | -1): void {
    this.perSession.add(sessionId, by);
    this.perAddress.add(address, by);
  }
}
