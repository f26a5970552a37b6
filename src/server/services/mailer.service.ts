import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Db } from "../db/client";
import * as outboxRepo from "../repositories/outbox.repository";
import type { OutboxRow } from "../repositories/outbox.repository";
import * as pushRepo from "../repositories/push.repository";
import { PUSH_RETRY_DELAYS_MS, sendPush, type PushOutcome } from "./push-delivery";
import type { Vapid } from "./vapid";

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
    /** Extra headers; nodemailer turns a line break in a value into a space, so none can add a header. */
    headers?: Record<string, string>;
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
  /** The VAPID keys that sign push messages; without it push rows stay queued. */
  vapid?: () => Promise<Vapid>;
  /** The push services a device may be on (`PUSH_SERVICE_HOSTS`), checked at each delivery; needed with `vapid`. */
  pushServiceHosts?: readonly string[];
  /** Tests: how long a push service may take to answer. */
  pushTimeoutMs?: number;
}

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the outbox: e-mail by SMTP (when configured) and push messages to browsers' push services
 * (always; they need no SMTP). Requests never wait for it: a service queues mail in its transaction and kicks
 * the mailer after the commit; a pass also runs on an interval and picks up what a kick missed (a
 * retry coming due, another instance's mail). One pass at a time per instance.
 */
export class Mailer {
  /** Whether e-mail leaves by SMTP (else new mail is kept). */
  readonly enabled: boolean;
  /** Whether push rows are delivered. */
  readonly pushEnabled: boolean;
  /** The mailer's time (real time unless a test sets it): due dates and back-offs are read against it. */
  readonly now: () => Date;
  private transport: MailTransport | null;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<PassResult> = Promise.resolve({ sent: 0, retrying: 0, failed: 0 });
  private kickScheduled = false;
  private stopped = false;
  /** The pass's claimed mails not yet tried, and the lease their claim set. */
  private claim = { leaseUntil: new Date(0), untried: new Set<string>() };
  /** A pass when the earliest push retry comes due (push retries are seconds apart, the interval is not). */
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: MailerOptions) {
    this.enabled = Boolean(options.smtpUrl);
    this.pushEnabled = Boolean(options.vapid);
    if (options.vapid && !options.pushServiceHosts) throw new Error("Push delivery needs pushServiceHosts");
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
    if (!this.delivers() || every <= 0 || this.timer) return;
    this.timer = setInterval(() => this.schedule(), every);
    this.timer.unref();
  }

  /** A delivery pass soon; returns at once and never throws. Kicks in a burst make one pass. */
  kick(): void {
    if (this.options.kicks !== false) this.schedule();
  }

  private delivers(): boolean {
    return this.enabled || this.pushEnabled;
  }

  private schedule(): void {
    if (!this.delivers() || this.stopped || this.kickScheduled) return;
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
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
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
    await this.emailPass(result);
    await this.pushPass(result);
    return result;
  }

  private async emailPass(result: PassResult): Promise<void> {
    if (!this.enabled || this.stopped || !this.transport) return;
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
  }

  /** Push rows, claimed as e-mail is (same lease, same give-back), sent one device at a time. */
  private async pushPass(result: PassResult): Promise<void> {
    if (!this.pushEnabled || this.stopped) return;
    let earliestRetry: number | undefined;
    try {
      for (;;) {
        const now = this.now();
        const leaseUntil = new Date(now.getTime() + LEASE_MS);
        const claimed = await outboxRepo.claimDueEmails(this.options.db, now, leaseUntil, BATCH, "push");
        if (claimed.length === 0) break;
        this.claim = { leaseUntil, untried: new Set(claimed.map((row) => row.id)) };
        const vapid = await this.options.vapid!();
        const devices = new Map(
          (
            await pushRepo.subscriptionsByIds(
              this.options.db,
              claimed.flatMap((row) => (row.pushSubscriptionId ? [row.pushSubscriptionId] : [])),
            )
          ).map((device) => [device.id, device]),
        );
        for (const row of claimed) {
          if (this.stopped) break;
          this.claim.untried.delete(row.id);
          const outcome = await this.deliverPush(row, devices.get(row.pushSubscriptionId ?? ""), vapid);
          result[outcome.result] += 1;
          if (outcome.retryAt) earliestRetry = Math.min(earliestRetry ?? Infinity, outcome.retryAt.getTime());
        }
        await this.giveBack();
        if (claimed.length < BATCH || this.stopped) break;
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, "push delivery pass failed");
    }
    if (earliestRetry !== undefined && !this.stopped) this.kickAt(earliestRetry);
  }

  private kickAt(at: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.schedule();
      },
      Math.max(0, at - this.now().getTime()) + 50,
    );
    this.retryTimer.unref();
  }

  private async deliverPush(
    row: OutboxRow,
    device: pushRepo.PushSubscriptionRow | undefined,
    vapid: Vapid,
  ): Promise<{ result: keyof PassResult; retryAt?: Date }> {
    // Its subscription went meanwhile (the cascade removes its rows; this one was claimed just before).
    if (!device) {
      await outboxRepo.markAttemptFailed(this.options.db, row.id, "The device unsubscribed", null);
      return { result: "failed" };
    }
    let outcome: PushOutcome;
    try {
      outcome = await sendPush(row, device, vapid, {
        serviceHosts: this.options.pushServiceHosts!,
        timeoutMs: this.options.pushTimeoutMs,
      });
    } catch (error) {
      outcome = { kind: "retry", error: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === "sent") {
      const at = this.now();
      await outboxRepo.markSent(this.options.db, row.id, at);
      await pushRepo.markSubscriptionSuccess(this.options.db, device.id, at);
      return { result: "sent" };
    }
    if (outcome.kind === "refused") {
      // Its host was allowed when it subscribed and is not now: never posted to, removed as a gone
      // one is (its queued rows with it).
      this.options.log?.warn(
        { outboxId: row.id, host: outcome.host },
        "push service no longer allowed (PUSH_SERVICE_HOSTS); subscription removed",
      );
      await pushRepo.deleteSubscription(this.options.db, device.id);
      return { result: "failed" };
    }
    if (outcome.kind === "gone") {
      this.options.log?.info({ outboxId: row.id, status: outcome.status }, "push subscription gone; removed");
      // Its queued rows, this one included, go with it (ON DELETE CASCADE).
      await pushRepo.deleteSubscription(this.options.db, device.id);
      return { result: "failed" };
    }
    const delay = PUSH_RETRY_DELAYS_MS[row.attempts - 1];
    const retryAt =
      delay === undefined
        ? null
        : new Date(this.now().getTime() + Math.max(delay, outcome.retryAfterMs ?? 0));
    const message = outcome.error.slice(0, ERROR_MAX);
    this.options.log?.warn({ outboxId: row.id, attempts: row.attempts, err: message }, "push not sent");
    await outboxRepo.markAttemptFailed(this.options.db, row.id, message || "Unknown error", retryAt);
    return retryAt ? { result: "retrying", retryAt } : { result: "failed" };
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
        ...(mail.headers ? { headers: mail.headers } : {}),
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
