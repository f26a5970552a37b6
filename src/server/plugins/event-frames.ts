// The bytes of the live-update streams: each event framed once as a chunk for every stream it goes
// to, and written straight to a stream's connection (decision 048). The hub (event-hub.ts) decides
// who hears what; this file only how it is written.
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * A response keeps the text of its head (`_header`) while it lasts, as Node wrote it: each header's
 * line appended in turn, V8 holds it as a tree of ~50 joined strings over ~40 pieces. A stream lasts
 * hours: 10,000 of them held 900,000 such strings, a fifth of the objects each full collection of
 * the heap had to mark (decision 046). Once sent, the head is replaced by one flat copy
 * (headers are Latin-1: Node refuses any other character in them). Node then only checks that it is
 * there (`headersSent`, `end`).
 */
export function flattenSentHead(out: ServerResponse): void {
  const response = out as unknown as { _header?: unknown };
  if (typeof response._header === "string")
    response._header = Buffer.from(response._header, "latin1").toString("latin1");
}

/** A client this far behind is not reading: drop it, its EventSource reconnects and refreshes. */
const MAX_BUFFERED = 256 * 1024;

const CRLF = Buffer.from("\r\n", "latin1");

/**
 * An event's bytes, framed once for every stream it goes to. A stream's response is chunked (HTTP/1.1
 * with no length), and each write through the response framed the event anew (its size line, the
 * event, a CRLF: three pieces, one `writev`). The chunk is made once here and written straight to
 * each stream's connection: one piece, one `write`. 10,000 streams' writes of a score took 17% less
 * CPU so (decision 048).
 */
export class EventBytes {
  /** The event as a chunk of a chunked body: its size in hex, CRLF, the event, CRLF. */
  readonly chunk: readonly (string | Buffer)[];

  constructor(readonly pieces: readonly (string | Buffer)[]) {
    let size = 0;
    for (const piece of pieces) size += typeof piece === "string" ? Buffer.byteLength(piece) : piece.length;
    const head = `${size.toString(16)}\r\n`;
    // One piece (a score, a ping, a change) is framed into one buffer; a final's grades share their
    // contests' buffers between players, framed around them (decision 028).
    this.chunk =
      pieces.length === 1
        ? [Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(pieces[0]!), CRLF])]
        : [head, ...pieces, CRLF];
  }
}
export const PING = new EventBytes([": ping\n\n"]);

/**
 * One event, handed to the connection now, in one system call (`writev` for a final's pieces): a
 * slice of a fan-out counts its sends' cost (10,000 of them take 100-200 ms, most of it in the
 * kernel) and a slice's sends never pile up after it. Through the response when its connection
 * does not take chunks (corked by us: the response would put the send off to the next tick).
 */
export function writeEvent(out: ServerResponse, socket: Socket | null, event: EventBytes): void {
  if (out.writableEnded || out.destroyed) return;
  // Counts the connection's buffer too.
  if (out.writableLength > MAX_BUFFERED) {
    out.destroy();
    return;
  }
  if (socket && event.chunk.length === 1) {
    socket.write(event.chunk[0]!);
    return;
  }
  const to = socket ?? out;
  to.cork();
  for (const piece of socket ? event.chunk : event.pieces) to.write(piece);
  to.uncork();
}
