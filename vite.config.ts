import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { ReactElement } from "react";
import { createServer, defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { THEME_COLORS } from "./src/client/lib/theme-colors";

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
 * HTML and the stylesheet arrive, instead of once the first bundle has downloaded and run (the
 * landing page shows while authentication loads). The bundle then hydrates it: the same nodes
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

/**
 * The web app manifest (/manifest.webmanifest) and the service worker (/sw.js, from src/client/sw.ts
 * with the build's files listed in it for precaching): decision 025. index.html carries the iOS
 * tags; the client registers the worker (lib/register-service-worker.ts).
 */
function installableApp() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: ".",
    filename: "sw.ts",
    // Registered by the app itself, after the page's load event, with an update prompt.
    injectRegister: false,
    manifest: {
      id: "/",
      name: "Football Pool",
      short_name: "Football Pool",
      description: "Head-to-head NFL pick'em against the spread and the total, with weekly bets.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLORS.light,
      background_color: THEME_COLORS.light,
      categories: ["sports", "games"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      // The app shell: every screen's code and styles, the page, the icons (not their .br/.gz twins).
      globPatterns: ["**/*.{js,css,html,svg,png}"],
      globIgnores: ["**/node_modules/**", ".vite/**", "theme-init.js"],
      // A classic script: registered without { type: "module" }, which older Safari lacks.
      rollupFormat: "iife",
    },
    // Before precompress(): sw.js gets its .br and .gz like every other file.
    integration: { closeBundleOrder: "pre" },
  });
}

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), inlineThemeInit(), prerenderLanding(), installableApp(), precompress()],
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
