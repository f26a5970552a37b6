// The pages' HTTP client: GETs over a pool of keep-alive connections to one server, bodies read as a
// browser reads them (the live Sunday's pages and page views both use it).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Pool, type Dispatcher } from "undici";

export interface Answer {
  status: number;
  body: string;
}

/** A GET under way: its answer, and how to end it first (it then answers status 0). */
interface Sent {
  cancel: () => void;
  answer: Promise<Answer>;
}

const FAILED: Answer = { status: 0, body: "" };
/** Keep-alive connections to a server, at most (a flood of requests queues in the client). */
const CONNECTIONS = 256;

/**
 * GETs over a pool of keep-alive connections to one server; a failed connection answers status 0.
 * undici's, not node:http's: a browser's HTTP client runs on its own machine, and the client's cost
 * here is counted on the server's two cores, so it must stay the lighter of the two
 * (docs/decisions/044-the-benchs-http-client-and-a-fast-machines-misses.md).
 */
export class Http {
  private readonly pool: Pool;
  private closed = false;

  constructor(readonly port: number) {
    this.pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS });
  }

  /** Ends every request still waiting or running, and sends no more (they answer status 0). */
  abortAll(): void {
    if (this.closed) return;
    this.closed = true;
    void this.pool.destroy().catch(() => undefined);
  }

  /** A GET that can be cancelled (a page's refetch, overtaken by the data an event carried). */
  get(path: string, cookie: string): Sent {
    const controller = new AbortController();
    return {
      cancel: () => controller.abort(),
      answer: this.send(path, cookie, "application/json", controller.signal),
    };
  }

  fetch(path: string, cookie: string, accept = "application/json"): Promise<Answer> {
    return this.send(path, cookie, accept);
  }

  private send(path: string, cookie: string, accept: string, signal?: AbortSignal): Promise<Answer> {
    if (this.closed) return Promise.resolve(FAILED);
    return this.pool
      .request({
        path,
        method: "GET",
        headers: { cookie, accept, "accept-encoding": "gzip, deflate, br" },
        signal,
      })
      .then(async (response) => ({ status: response.statusCode, body: await bodyText(response) }))
      .catch(() => FAILED);
  }
}

/** A body as a browser reads it: decompressed as its Content-Encoding says (a document is). */
async function bodyText(response: Dispatcher.ResponseData): Promise<string> {
  const encoding = response.headers["content-encoding"];
  if (encoding !== "br" && encoding !== "gzip") return response.body.text();
  const bytes = Buffer.from(await response.body.arrayBuffer());
  return (encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
}
