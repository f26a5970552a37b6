import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./security";

const root = mkdtempSync(path.join(tmpdir(), "fp-client-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("inlineScriptHashes", () => {
  it("allows the built page's inline scripts by hash, and nothing when the client is not built", () => {
    expect(inlineScriptHashes(root)).toEqual([]);
    const theme = 'document.documentElement.classList.toggle("dark", true);';
    writeFileSync(
      path.join(root, "index.html"),
      `<head><script>${theme}</script><script type="module" src="/assets/index.js"></script></head>`,
    );
    const hash = createHash("sha256").update(theme).digest("base64");
    expect(inlineScriptHashes(root)).toEqual([`'sha256-${hash}'`]);
  });
});
