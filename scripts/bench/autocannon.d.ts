// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** Stop after this many requests (instead of a duration). */
      amount?: number;
      requests?: Request[];
    }
    interface Result {
      requests: { average: number };
      latency: { p99: number; p50: number };
      "2xx": number;
      non2xx: number;
      errors: number;
      timeouts: number;
      /** Seconds the run took. */
      duration: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  /** The run: its result when awaited, and its events (`response`, after each response). */
  function autocannon(
    options: autocannon.Options,
  ): Promise<autocannon.Result> & { on(event: "response", listener: () => void): void };
  export default autocannon;
}
