// Initial JavaScript of the built client, gzip-compressed, measured from Vite's manifest.
//   npx vite build && node scripts/bundle-sizes.mjs [--json]
// "Landing page": the entry script of index.html and every chunk it imports statically (the
// modulepreload links). "Signed-in shell + dashboard": that, plus the signed-in shell's chunk and
// the dashboard screen's chunk with everything they import statically. Other screens load on demand.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const BUDGETS_KB = { landing: 110, signedInDashboard: 200 };

const defaultDist = fileURLToPath(new URL("../dist/client", import.meta.url));

/** Sizes in bytes (gzip) and the files counted, for the landing page and the signed-in dashboard. */
export function bundleSizes(dist = defaultDist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("No entry chunk in the Vite manifest.");

  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const byPath = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
  const measure = (keys) => {
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
    const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file))).length }));
    return { bytes: sizes.reduce((sum, s) => sum + s.gzip, 0), files: sizes.sort((a, b) => b.gzip - a.gzip) };
  };

  const landing = closure([entryKey]);
  const shell = byPath("app/signed-in-app.tsx");
  if (!shell) throw new Error("No chunk for app/signed-in-app.tsx in the Vite manifest.");
  // The dashboard has a chunk of its own when it is loaded on demand; else it ships in the shell's.
  const dashboard = byPath("features/dashboard/components/dashboard-page.tsx");
  const signedIn = closure([entryKey, shell, ...(dashboard ? [dashboard] : [])]);
  return { landing: measure(landing), signedInDashboard: measure(signedIn) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const sizes = bundleSizes();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    for (const [name, label] of [
      ["landing", "Landing page"],
      ["signedInDashboard", "Signed-in shell + dashboard"],
    ]) {
      const { bytes, files } = sizes[name];
      const ok = bytes <= BUDGETS_KB[name] * 1024;
      console.log(`${label}: ${kb(bytes)} kB gzip (budget ${BUDGETS_KB[name]} kB) ${ok ? "met" : "NOT MET"}`);
      for (const { file, gzip } of files) console.log(`  ${kb(gzip).padStart(7)} kB  ${file}`);
    }
  }
}
