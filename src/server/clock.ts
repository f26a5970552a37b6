/** The one source of "now" for everything time-based: locks, the current week, deadlines, expiry. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at a moment (APP_NOW); tests move it with set(). */
export class FixedClock implements Clock {
  constructor(private moment: Date) {}
  now(): Date {
    return new Date(this.moment);
  }
  set(moment: Date | string): void {
    this.moment = new Date(moment);
  }
}

export function clockFrom(appNow: string | undefined): Clock {
  return appNow ? new FixedClock(new Date(appNow)) : systemClock;
}
