// The load client: one autocannon run over loopback in this process (rate, p99, what failed), and
// slices of runs taken as one load.
import autocannon from "autocannon";
import { collectOwnGarbage } from "./own-heap";
import { CONNECTIONS, SECONDS } from "./settings";

export interface Load {
  rps: number;
  p99: number;
  ok: number;
  bad: number;
  /** "409 ×3, timeouts ×1": what the failed requests answered. */
  failures: string;
}

export type LoadRequest = Omit<autocannon.Request, "setupRequest"> & {
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
};

export async function load(
  url: string,
  request: LoadRequest,
  seconds = SECONDS,
  /** A number of requests instead of a duration. */
  amount?: number,
  /**
   * Collect this process's garbage first: a full collection costs as much as the heap that lives,
   * so a load whose CPU is counted (`cpuMeter`) has it done before the count starts instead.
   */
  collect = true,
): Promise<Load> {
  if (collect) collectOwnGarbage();
  const started = performance.now();
  let lastResponse = started;
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: seconds }),
    requests: [request as autocannon.Request],
  });
  // A run of an amount ends at autocannon's next one-second tick: its duration would round the rate.
  run.on("response", () => {
    lastResponse = performance.now();
  });
  const result = await run;
  if (process.env.BENCH_LATENCY) console.log("latency", JSON.stringify(result.latency));
  return {
    rps: amount ? result["2xx"] / ((lastResponse - started) / 1000) : result.requests.average,
    p99: result.latency.p99,
    ok: result["2xx"],
    bad: result.non2xx + result.errors + result.timeouts,
    failures: failuresOf(result),
  };
}

/** "409 ×3, timeouts ×1, errors ×2". */
function failuresOf(result: autocannon.Result): string {
  return [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, stats]) => `${code} ×${stats.count}`),
    ...(result.timeouts ? [`timeouts ×${result.timeouts}`] : []),
    ...(result.errors - result.timeouts > 0 ? [`errors ×${result.errors - result.timeouts}`] : []),
  ].join(", ");
}

/** One load made of several (slices of one row): rates averaged, the worst p99, counts summed. */
export function combine(loads: Load[]): Load {
  const failures = loads.map((one) => one.failures).filter(Boolean);
  return {
    rps: loads.reduce((sum, one) => sum + one.rps, 0) / loads.length,
    p99: Math.max(...loads.map((one) => one.p99)),
    ok: loads.reduce((sum, one) => sum + one.ok, 0),
    bad: loads.reduce((sum, one) => sum + one.bad, 0),
    failures: failures.join("; "),
  };
}
