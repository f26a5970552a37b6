import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports flow one way (STYLE.md): domain <- contracts <- server | client; client and server never
 * import each other; in the client, shared (components, hooks, lib) <- features <- app, and no
 * feature imports another.
 */
const forbid = (files, groups, message) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns: [{ group: groups, message }] }] },
});
const features = readdirSync("src/client/features");

export default tseslint.config(
  { ignores: ["dist", "drizzle", "data", ".tmp", "test-results", "node_modules", "src/client/public"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  forbid(
    ["src/domain/**"],
    ["@/*", "!@/domain/*", "**/contracts/**", "**/server/**", "**/client/**"],
    "domain/ is pure: it imports nothing else of ours.",
  ),
  forbid(
    ["src/contracts/**"],
    ["@/server/*", "@/client/*", "**/server/**", "**/client/**"],
    "contracts/ imports domain types only.",
  ),
  forbid(["src/server/**"], ["@/client/*", "**/client/**"], "The server never imports the client."),
  forbid(["src/client/**"], ["@/server/*", "**/server/**"], "The client never imports the server."),
  forbid(
    ["src/client/components/**", "src/client/hooks/**", "src/client/lib/**"],
    ["@/server/*", "@/client/features/*", "@/client/app/*"],
    "Shared client code does not import features or the app.",
  ),
  ...features.map((feature) =>
    forbid(
      [`src/client/features/${feature}/**`],
      [
        "@/server/*",
        "@/client/app/*",
        "@/client/features/*",
        `!@/client/features/${feature}`,
        `!@/client/features/${feature}/**`,
      ],
      "A feature imports shared code only: not the app, not another feature.",
    ),
  ),
);
