/**
 * index.css's --background, light and dark, as the browser's bars and the installed app's splash
 * screen show it (index.html's theme-color tags, the web app manifest in vite.config.ts).
 */
export const THEME_COLORS = { light: "#ffffff", dark: "#0a0a0a" } as const;

/**
 * Points index.html's theme-color tags at the app's theme: both at `mode` when the player chose
 * light or dark, each at its own scheme's (their media queries) when they follow the system.
 */
export function applyThemeColor(mode: "light" | "dark" | "system"): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const scheme = mode === "system" ? (meta.media.includes("dark") ? "dark" : "light") : mode;
    meta.content = THEME_COLORS[scheme];
  }
}
