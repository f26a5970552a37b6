import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives: tests send through nodemailer as the
 * app does in production and read what arrived (headers decoded, body decoded).
 */
export class SmtpSink {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    /** Everything received, in order. */
    readonly messages: ReceivedMail[],
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens on `port` (0: any free one); `delayMs` makes it slow to accept each message. */
  static async start(options: { port?: number; delayMs?: number } = {}): Promise<SmtpSink> {
    const messages: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          messages.push({
            ...parseMessage(raw),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          setTimeout(() => callback(), options.delayMs ?? 0);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
    const address = server.server.address() as AddressInfo;
    return new SmtpSink(server, address.port, messages);
  }

  /** A port nothing listens on (yet): for "the SMTP server is down". */
  static async freePort(): Promise<number> {
    const sink = await SmtpSink.start();
    await sink.close();
    return sink.port;
  }

  /** What arrived for this address. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeBytes(encoding: string, data: string): Buffer {
  if (encoding.toLowerCase() === "base64") return Buffer.from(data, "base64");
  if (encoding.toLowerCase() !== "quoted-printable") return Buffer.from(data, "utf8");
  const bytes = data
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1");
}

/** RFC 2047 encoded words ("=?UTF-8?Q?...?="); whitespace between two of them is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? decodeBytes("base64", text).toString("utf8")
        : decodeBytes("quoted-printable", text.replace(/_/g, " ")).toString("utf8"),
    );
}

/** A single-part text message: its headers (lower-case names) and its decoded body. */
function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "subject" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = headers["content-transfer-encoding"] ?? "7bit";
  const text = decodeBytes(encoding, body).toString("utf8").replace(/\r\n/g, "\n").replace(/\n$/, "");
  return { headers, subject: headers.subject ?? "", text };
}
