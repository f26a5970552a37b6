// The CPU a PostgreSQL database's own backends use, for the live Sunday's CPU per update on
// PostgreSQL (the server's processes count apart).
import pg from "pg";
import { cpuMs } from "./proc-stats";

/**
 * The CPU of the database's own backends (pg_stat_activity of this database), listed again every
 * second as the pool opens and closes connections: another database's tests on the same server do
 * not count.
 */
export class Backends {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {}

  async start(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false).catch(() => undefined), 1_000);
  }

  /** CPU ms used by the backends since `start`. */
  async total(): Promise<number> {
    await this.sample(false);
    let sum = 0;
    for (const [pid, ms] of this.last) sum += ms - (this.first.get(pid) ?? 0);
    return sum;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client?.end();
  }

  private async sample(initial: boolean): Promise<void> {
    const { rows } = await this.client!.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      const ms = cpuMs([pid]);
      if (initial) this.first.set(pid, ms);
      if (ms > 0) this.last.set(pid, ms);
    }
  }
}
