// The app's icons (web app manifest, iOS home screen, notification badge) as PNG files, drawn from
// src/client/public/favicon.svg by Chromium (Playwright's driver, Debian's browser at CHROME_PATH).
// The files are committed; run this again after changing the favicon:
//   node scripts/generate-icons.mjs
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const publicDir = fileURLToPath(new URL("../src/client/public", import.meta.url));
const outDir = path.join(publicDir, "icons");
const favicon = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

/** The favicon's background colour and its football (everything but the rounded square). */
const green = /<rect[^>]*fill="(#[0-9a-f]+)"/i.exec(favicon)?.[1];
const football = favicon
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect[^>]*\/>/, "");
if (!green || !football.includes("<ellipse")) throw new Error("favicon.svg is not the expected shape");

const svg = (content) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${content}</svg>`;
/** The football, scaled about the centre. */
const scaled = (scale) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${football}</g>`;
/** Full-bleed square: the platform cuts its own shape (a circle, a rounded square). */
const fullBleed = (scale) => svg(`<rect width="32" height="32" fill="${green}"/>${scaled(scale)}`);

const icons = [
  // "any": the favicon itself, rounded corners and all.
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  // Maskable: the safe zone is the centred circle of radius 40% (12.8 of 32); the football
  // reaches 11 from the centre at scale 1, 9.9 here.
  { file: "maskable-192.png", size: 192, svg: fullBleed(0.9) },
  { file: "maskable-512.png", size: 512, svg: fullBleed(0.9) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon-180.png", size: 180, svg: fullBleed(0.95) },
  // Android draws a notification's badge from its alpha channel alone: the football's silhouette,
  // the laces cut out (the mask on a group: on the ellipse it would turn with the ellipse).
  {
    file: "badge-96.png",
    size: 96,
    svg: svg(
      `<mask id="m"><rect width="32" height="32" fill="#fff"/>${football.replace(/<ellipse[^>]*\/>/, "").replace('stroke="#fff"', 'stroke="#000"')}</mask>` +
        `<g mask="url(#m)"><ellipse cx="16" cy="16" rx="14" ry="9" transform="rotate(-35 16 16)" fill="#fff"/></g>`,
    ),
  },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    console.log(`${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
