import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiPort = Number(process.env.PORT ?? 5000);
const outDir = path.resolve(import.meta.dirname, "dist/client");

/**
 * Writes a .br and a .gz beside every text file of the build: the server sends them as they are
 * (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: "football-pool:precompress",
    apply: "build",
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: scripts/bundle-sizes.mjs follows it to measure initial JavaScript.
    manifest: true,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      "/api": {
        target: `http://127.0.0.1:${apiPort}`,
        // The sign-in page is part of the client bundle; the API serves it in production.
        bypass: (req) =>
          req.url?.toLowerCase().startsWith("/api/login") && !process.env.OIDC_ISSUER
            ? "/index.html"
            : undefined,
      },
    },
  },
});
