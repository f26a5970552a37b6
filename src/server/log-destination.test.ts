import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const destination = path.join(import.meta.dirname, "log-destination.ts");

/** Runs `body` in a process whose stdout is a pipe read here; `log` is the destination's stream. */
function run(body: string): Promise<{ lines: string[]; chunks: { text: string; at: number }[] }> {
  const code = `import { logDestination } from ${JSON.stringify(destination)};
const { stream: log, flush } = logDestination();
${body}`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = performance.now();
  const chunks: { text: string; at: number }[] = [];
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    chunks.push({ text, at: performance.now() - started });
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", () => {
      const lines = chunks
        .map((chunk) => chunk.text)
        .join("")
        .split("\n")
        .filter(Boolean);
      resolve({ lines, chunks });
    });
  });
}

describe("the log destination (decision 020)", () => {
  it("writes the lines of a burst together, in order, and what waits when the process exits", async () => {
    const { lines, chunks } = await run(`
for (let i = 0; i < 1000; i += 1) log.write(JSON.stringify({ i }) + "\\n");
process.exit(0);`);
    expect(lines).toEqual(Array.from({ length: 1000 }, (_, i) => JSON.stringify({ i })));
    // About 10 kB: one write, or a few where the pipe splits it.
    expect(chunks.length).toBeLessThan(10);
  });

  it("writes a lone line soon, without waiting for others", async () => {
    const { lines, chunks } = await run(`
log.write("one\\n");
setTimeout(() => { log.write("two\\n"); flush(); process.exit(0); }, 1000);`);
    expect(lines).toEqual(["one", "two"]);
    expect(chunks[0]!.text).toBe("one\n");
    expect(chunks.at(-1)!.at - chunks[0]!.at).toBeGreaterThan(700);
  });
});
