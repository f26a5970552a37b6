// The client's rows: its JavaScript as the bundle budgets count it (scripts/bundle-sizes.mjs), the
// client built first when dist/ has none.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { clientRows, type Row } from "./budgets";
import { log, root } from "./settings";

interface BundleSizes {
  BUDGETS_KB: { landing: number; signedInDashboard: number };
  bundleSizes(): { landing: { bytes: number }; signedInDashboard: { bytes: number } };
}

export async function bundles(): Promise<Row[]> {
  if (!existsSync(path.join(root, "dist/client/.vite/manifest.json"))) {
    log("building the client (npx vite build)");
    const built = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("vite build failed");
  }
  const module = (await import(
    pathToFileURL(path.join(root, "scripts/bundle-sizes.mjs")).href
  )) as BundleSizes;
  const sizes = module.bundleSizes();
  return clientRows(
    { landing: sizes.landing.bytes / 1024, signedInDashboard: sizes.signedInDashboard.bytes / 1024 },
    module.BUDGETS_KB,
  );
}
