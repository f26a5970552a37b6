import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const THEME_KEY = "football-pool-theme";

/**
 * axe-core's findings on the page as it is now, every rule it runs by default and every impact, one
 * readable line each (an empty list: none).
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 4)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`);
    return `${violation.id} (${violation.impact}), ${violation.nodes.length} nodes: ${nodes.join(" | ")}`;
  });
}

/**
 * A view in both themes (the app's saved choice) and both widths: no axe findings, and a photograph
 * of each in `shots` when given. `reopen` brings the view back after the theme's reload.
 */
export async function checkView(
  page: Page,
  name: string,
  shots: string | undefined,
  reopen: () => Promise<void>,
) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_KEY,
      value: theme,
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      // A page load of its own, which reads the theme (a link differing by its fragment alone would not).
      await page.goto("about:blank");
      await reopen();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      expect.soft(await axeFindings(page), `${name} (${theme}, ${width}px)`).toEqual([]);
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, `${name}-${width}-${theme}.png`), fullPage: true });
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
