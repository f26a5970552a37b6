/**
 * How failed sign-ins slow down guessing, without ever locking anyone out. Failures are counted in
 * runs: per e-mail address for sign-ins from devices the account does not know, and per device for
 * a device it signed in on before (its own run, so a stolen device cookie does not guess freely).
 * The first `FREE_FAILURES` of a run cost nothing; from the last of them on, each failure makes the
 * next attempt wait, `FIRST_WAIT_MS` doubling with each further failure up to `LONGEST_WAIT_MS`. A
 * sign-in ends the run, and so does a day without a failure.
 */
export const FREE_FAILURES = 5;
export const FIRST_WAIT_MS = 5_000;
export const LONGEST_WAIT_MS = 15 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;
/** The failures in a day that get the account's owner a mail (at most one a day). */
export const FAILURES_TO_TELL = 10;

export interface FailureRun {
  failures: number;
  lastFailureAt: Date | null;
  /** Until when the next attempt waits; null when it need not. */
  heldUntil: Date | null;
}

/** The wait a run of `failures` puts on the next attempt, in milliseconds (0: none). */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/** The run once one more failure is counted at `now`; a run whose last failure is a day old starts again. */
export function withFailure(run: FailureRun, now: Date): FailureRun {
  const going = run.lastFailureAt !== null && now.getTime() - run.lastFailureAt.getTime() < DAY_MS;
  const failures = going ? run.failures + 1 : 1;
  const wait = waitAfter(failures);
  return { failures, lastFailureAt: now, heldUntil: wait > 0 ? new Date(now.getTime() + wait) : null };
}

/** What is left of a run's wait at `now`, in milliseconds (0: an attempt is weighed now). */
export function waitLeft(run: Pick<FailureRun, "heldUntil">, now: Date): number {
  return run.heldUntil ? Math.max(0, run.heldUntil.getTime() - now.getTime()) : 0;
}

/** An account's failures in the day that started with the first of them, and when its owner was last told. */
export interface FailureDay {
  dayStartedAt: Date | null;
  dayFailures: number;
  toldAt: Date | null;
}

/**
 * The day once one more failure is counted at `now` (a day begins at its first failure and lasts 24
 * hours; a sign-in does not end it), and whether the owner is told now: at the day's
 * `FAILURES_TO_TELL`th failure or later, once in 24 hours at most.
 */
export function dayWithFailure(day: FailureDay, now: Date): FailureDay & { tell: boolean } {
  const fresh = day.dayStartedAt === null || now.getTime() - day.dayStartedAt.getTime() >= DAY_MS;
  const dayFailures = fresh ? 1 : day.dayFailures + 1;
  const tell =
    dayFailures >= FAILURES_TO_TELL &&
    (day.toldAt === null || now.getTime() - day.toldAt.getTime() >= DAY_MS);
  return {
    dayStartedAt: fresh ? now : day.dayStartedAt,
    dayFailures,
    toldAt: tell ? now : day.toldAt,
    tell,
  };
}
