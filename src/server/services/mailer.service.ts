import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Db } from "../db/client";
import * as outboxRepo from "../repositories/outbox.repository";
import type { OutboxRow } from "../repositories/outbox.repository";

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure gives up (`failed`). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed mail is left to the instance sending it; far above the SMTP timeouts below. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;
/**
 * How long a stop waits for the mail being sent (an answering SMTP server takes well under a second);
 * past it, that mail is left to its lease: sent again after it, if it had gone out after all.
 */
const STOP_WAIT_MS = 3_000;
const ERROR_MAX = 500;

/** What the mailer needs of nodemailer's SMTP transport. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
  }): Promise<unknown>;
  close(): void;
}

export interface MailerOptions {
  db: Db;
  smtpUrl?: string;
  from: string;
  log?: FastifyBaseLogger;
  /** Real time, not the app's clock: an APP_NOW fixed in the past must not stop retries. Tests move it. */
  now?: () => Date;
  /** A delivery pass this often, besides the one kicked after a commit; 0 for none. */
  intervalMs?: number;
  /** False: commits do not kick a pass (tests that count what each `flush()` did). */
  kicks?: boolean;
}

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the outbox. Requests never wait for it: a service queues mail in its transaction and kicks
 * the mailer after the commit; a pass also runs on an interval and picks up what a kick missed (a
 * retry coming due, another instance's mail). One pass at a time per instance.
 */
export class Mailer {
  readonly enabled: boolean;
  /** The mailer's time (real time unless a test sets it): due dates and back-offs are read against it. */
  readonly now: () => Date;
  private transport: MailTransport | null;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<PassResult> = Promise.resolve({ sent: 0, retrying: 0, failed: 0 });
  private kickScheduled = false;
  private stopped = false;
  /** The pass's claimed mails not yet tried, and the lease their claim set. */
  private claim = { leaseUntil: new Date(0), untried: new Set<string>() };

  constructor(private readonly options: MailerOptions) {
    this.enabled = Boolean(options.smtpUrl);
    this.now = options.now ?? (() => new Date());
    this.transport = options.smtpUrl
      ? createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  start(): void {
    const every = this.options.intervalMs ?? 30_000;
    if (!this.enabled || every <= 0 || this.timer) return;
    this.timer = setInterval(() => this.schedule(), every);
    this.timer.unref();
  }

  /** A delivery pass soon; returns at once and never throws. Kicks in a burst make one pass. */
  kick(): void {
    if (this.options.kicks !== false) this.schedule();
  }

  private schedule(): void {
    if (!this.enabled || this.stopped || this.kickScheduled) return;
    this.kickScheduled = true;
    setImmediate(() => {
      this.kickScheduled = false;
      void this.flush();
    });
  }

  /** Runs a delivery pass after the one under way, and says what it did (tests await it). */
  flush(): Promise<PassResult> {
    this.chain = this.chain.then(() => this.pass());
    return this.chain;
  }

  /**
   * Stops delivering (the server is closing): the mail being sent is waited for, within STOP_WAIT_MS;
   * the claimed mails not yet tried are given back, due at once for another instance or the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.giveBack().catch((error: unknown) =>
      this.options.log?.warn(
        { err: error },
        "claimed e-mail could not be given back; retried after its lease",
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.chain, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
    this.transport?.close();
    this.transport = null;
  }

  private async pass(): Promise<PassResult> {
    const result: PassResult = { sent: 0, retrying: 0, failed: 0 };
    if (!this.enabled || this.stopped || !this.transport) return result;
    try {
      for (;;) {
        const now = this.now();
        const leaseUntil = new Date(now.getTime() + LEASE_MS);
        const claimed = await outboxRepo.claimDueEmails(this.options.db, now, leaseUntil, BATCH);
        this.claim = { leaseUntil, untried: new Set(claimed.map((mail) => mail.id)) };
        for (const mail of claimed) {
          if (this.stopped) break;
          this.claim.untried.delete(mail.id);
          result[await this.deliver(mail)] += 1;
        }
        await this.giveBack();
        if (claimed.length < BATCH || this.stopped) break;
      }
    } catch (error) {
      // The database went away (shutting down) or hiccuped: the next pass tries again.
      this.options.log?.warn({ err: error }, "mail delivery pass failed");
    }
    return result;
  }

  /** Gives back the mails of the pass's claim not tried yet (stopping): due at once, no attempt counted. */
  private async giveBack(): Promise<void> {
    const { leaseUntil, untried } = this.claim;
    if (untried.size === 0) return;
    this.claim = { leaseUntil, untried: new Set() };
    await outboxRepo.releaseClaims(this.options.db, [...untried], leaseUntil, this.now());
  }

  private async deliver(mail: OutboxRow): Promise<keyof PassResult> {
    try {
      await this.transport!.sendMail({
        from: this.options.from,
        to: mail.toAddress,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.body,
      });
      await outboxRepo.markSent(this.options.db, mail.id, this.now());
      return "sent";
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      const delay = RETRY_DELAYS_MS[mail.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(this.now().getTime() + delay);
      this.options.log?.warn({ outboxId: mail.id, attempts: mail.attempts, err: message }, "e-mail not sent");
      await outboxRepo.markAttemptFailed(this.options.db, mail.id, message || "Unknown error", retryAt);
      return retryAt ? "retrying" : "failed";
    }
  }
}
