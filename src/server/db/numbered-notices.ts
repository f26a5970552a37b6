import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** Room for a batch of lines in one NOTIFY payload (PostgreSQL's limit is 8,000 bytes). */
const MAX_BATCH_BYTES = 7_000;
/** A sender that has sent nothing on its sequenced channel for this long says where it stands. */
export const BEAT_MS = 1_000;
/** A sender not heard of for this long may have stopped between a commit and its notices. */
export const SILENCE_MS = 3_500;
/** First line of a numbered batch: `@<sender> <n>`; alone, a beat; with ` bye` after it, a sender leaving. */
const HEADER = "@";

/**
 * NumberedNotices of committed changes, sent after the commit and gathered: every notice queued while one
 * batch is on its way goes out in the next, one statement for all of them, each channel's lines
 * joined into as few payloads as fit. A NOTIFY inside a transaction takes a lock that PostgreSQL
 * holds through the commit's flush to disk, so every notifying write commits one after the other;
 * a hot path (a pick submission) sends its notices this way instead (decision 013).
 *
 * What a notice in the transaction guaranteed, the sequenced channel keeps: each of its batches is
 * numbered per sender, and a started sender (on PostgreSQL, which other processes share) that has
 * been quiet for `BEAT_MS` sends its number, so a receiver (`NumberedNoticeReceiver`) knows when it missed
 * a batch (a failed send) or when a sender went silent (a process that died between a commit and
 * its notices), and clears what it holds.
 */
export class NumberedNotices {
  readonly sender = randomUUID();
  private readonly queued = new Map<string, string[]>();
  private sequence = 0;
  private beatDue = false;
  private sentSinceBeat = false;
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly sequenced: string,
  ) {}

  /** Queues a notice of a change that has committed. */
  send(channel: string, payload: string): void {
    const lines = this.queued.get(channel);
    if (lines) lines.push(payload);
    else this.queued.set(channel, [payload]);
    this.schedule();
  }

  /** Starts the beats. */
  start(): void {
    this.timer ??= setInterval(() => {
      if (!this.sentSinceBeat) {
        this.beatDue = true;
        this.schedule();
      }
      this.sentSinceBeat = false;
    }, BEAT_MS);
    this.timer.unref();
  }

  /** Sends what is queued, then says goodbye: receivers stop expecting beats from this sender. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.settled();
    await this.publish([[this.sequenced, `${HEADER}${this.sender} ${this.sequence} bye`]]);
  }

  /** Resolves once everything queued so far has been sent (or failed to be). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private schedule(): void {
    this.flushing ??= (async () => {
      // Gathers what the rest of this turn of the event loop queues.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queued.size > 0 || this.beatDue) await this.sendQueued();
      this.flushing = undefined;
    })();
  }

  private async sendQueued(): Promise<void> {
    const pairs: [string, string][] = [];
    for (const [channel, lines] of this.queued) {
      for (const batch of batches(lines)) {
        pairs.push([channel, channel === this.sequenced ? `${this.header(true)}\n${batch}` : batch]);
      }
    }
    if (this.beatDue && !this.queued.has(this.sequenced)) pairs.push([this.sequenced, this.header(false)]);
    if (this.queued.has(this.sequenced)) this.sentSinceBeat = true;
    this.queued.clear();
    this.beatDue = false;
    await this.publish(pairs);
  }

  private header(batch: boolean): string {
    if (batch) this.sequence += 1;
    return `${HEADER}${this.sender} ${this.sequence}`;
  }

  private async publish(pairs: [string, string][]): Promise<void> {
    try {
      await this.database.db.execute(
        sql`select pg_notify(n ->> 0, n ->> 1) from json_array_elements(${JSON.stringify(pairs)}::json) n`,
      );
    } catch {
      // Lost: the receivers see the gap in the numbers at the next batch or beat.
    }
  }
}

/** Lines joined with newlines into payloads that fit. */
function batches(lines: string[]): string[] {
  const out: string[] = [];
  let current = "";
  for (const line of lines) {
    if (current && current.length + 1 + line.length > MAX_BATCH_BYTES) {
      out.push(current);
      current = "";
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) out.push(current);
  return out;
}

/**
 * The receiving side of a sequenced channel: takes a payload apart into its notices, and calls
 * `lost` when a sender's batch went missing or a sender went silent without saying goodbye.
 */
export class NumberedNoticeReceiver {
  private readonly senders = new Map<string, { sequence: number; heard: number }>();
  private timer: NodeJS.Timeout | undefined;
  /** This process's own sender, whose batches are left aside (done when they were queued). */
  private self: string | undefined;

  constructor(private readonly lost: () => void) {}

  start(self?: string): void {
    this.self = self;
    this.timer ??= setInterval(() => {
      const now = Date.now();
      for (const [sender, { heard }] of this.senders) {
        if (now - heard <= SILENCE_MS) continue;
        this.senders.delete(sender);
        this.lost();
      }
    }, BEAT_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.senders.clear();
  }

  /**
   * The notices in a payload: a numbered batch's lines, or the payload itself (sent in a transaction).
   * None from this process's own batches: what they say was done here when they were queued, after
   * the commit (`clearOnNotice`), and doing it again would clear what was stored since.
   */
  notices(payload: string): string[] {
    if (!payload.startsWith(HEADER)) return [payload];
    const lines = payload.split("\n");
    const [sender = "", number = "", bye] = lines[0]!.slice(HEADER.length).split(" ");
    if (sender === this.self) return [];
    const sequence = Number(number);
    const known = this.senders.get(sender);
    const isBatch = lines.length > 1;
    if (known && sequence !== known.sequence + (isBatch ? 1 : 0)) this.lost();
    if (bye) this.senders.delete(sender);
    else this.senders.set(sender, { sequence, heard: Date.now() });
    return lines.slice(1);
  }
}
