import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A built client's folder as the server reads it, at its least: a document with a head to carry
 * the starting data, and a manifest naming the signed-in shell (the page's preloads). Removed after
 * the file's tests (made where its suites are collected).
 */
export function fakeClientRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), "fp-screens-"));
  mkdirSync(path.join(root, ".vite"));
  writeFileSync(path.join(root, "index.html"), "<!doctype html><head></head><body></body>");
  writeFileSync(
    path.join(root, ".vite", "manifest.json"),
    JSON.stringify({ "app/signed-in-app.tsx": { file: "assets/shell-1.js" } }),
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** The starting data's JSON in a page's document, as the client finds it (undefined: none). */
export const startingDataText = (document: string) =>
  /<script type="application\/json" id="starting-data">([^<]*)<\/script>/.exec(document)?.[1];
