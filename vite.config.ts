import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { ReactElement } from "react";
import { createServer, defineConfig, type Plugin } from "vite";

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

/** Where the prerendered landing page sits in index.html (the server leaves it out for the sign-in page). */
const PRERENDER_START = "<!--landing-->";
const PRERENDER_END = "<!--/landing-->";

/**
 * Writes the landing page's markup into index.html's root: every visitor sees it as soon as the
 * HTML and the stylesheet arrive, instead of once the first bundle has downloaded and run (SPEC:
 * the landing page shows while authentication loads). The bundle then hydrates it: the same nodes
 * stay, nothing is drawn twice.
 */
function prerenderLanding(): Plugin {
  return {
    name: "football-pool:prerender-landing",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html) {
        const server = await createServer({
          configFile: false,
          root: path.resolve(import.meta.dirname, "src/client"),
          resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: "custom",
          logLevel: "warn",
        });
        try {
          const { LandingPage } = (await server.ssrLoadModule(
            "/features/landing/components/landing-page.tsx",
          )) as { LandingPage: () => ReactElement };
          const { createElement } = await import("react");
          // With React's markers between text nodes: the client hydrates this markup (main.tsx).
          const { renderToString } = await import("react-dom/server");
          const markup = renderToString(createElement(LandingPage));
          if (!html.includes('<div id="root"></div>'))
            throw new Error('index.html has no empty <div id="root">');
          return html.replace(
            '<div id="root"></div>',
            `${PRERENDER_START}<div id="root">${markup}</div>${PRERENDER_END}`,
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * public/theme-init.js written into index.html: it must run before the first paint (a dark page
 * must not flash light), and as a file it held the first paint back by a round trip. The server
 * allows exactly this script by its hash in the Content-Security-Policy (plugins/security.ts).
 */
function inlineThemeInit(): Plugin {
  return {
    name: "football-pool:inline-theme-init",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const script = readFileSync(
          path.resolve(import.meta.dirname, "src/client/public/theme-init.js"),
          "utf8",
        );
        return html.replace('<script src="/theme-init.js"></script>', `<script>${script.trim()}</script>`);
      },
    },
  };
}

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), inlineThemeInit(), prerenderLanding(), precompress()],
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
