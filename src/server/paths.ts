import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (the one holding package.json), found from this file: the same answer when
 * the server runs from its sources (src/server) or from its bundle (dist/server).
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server's code");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();

/** A path inside the project. */
export const fromRoot = (...parts: string[]) => path.join(projectRoot, ...parts);
