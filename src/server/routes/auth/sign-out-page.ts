import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientDist } from "../../plugins/client";

/** The person the page speaks to, or null when nobody is signed in. */
export interface SignOutPageUser {
  firstName: string;
  lastName: string;
  email: string;
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/**
 * The built client's stylesheets, as its index.html links them: the app's colours (light and dark)
 * and fonts. None while the client is not built.
 */
export function appStylesheets(root: string): string {
  const file = path.join(root, "index.html");
  if (!existsSync(file)) return "";
  return [...readFileSync(file, "utf8").matchAll(/<link rel="stylesheet"[^>]*>/g)]
    .map(([link]) => link)
    .join("");
}

/**
 * The account pages' frame (AccountPageFrame on the client) and a card, in the app's theme
 * variables: the page is the server's, so it has none of the client's components.
 */
const STYLE = `
body{margin:0;overflow-wrap:break-word}
main{display:flex;min-height:100svh;box-sizing:border-box;align-items:center;justify-content:center;padding:2.5rem 1rem;background:color-mix(in oklab,var(--muted) 40%,transparent)}
.frame{display:flex;width:100%;max-width:24rem;flex-direction:column;gap:1.5rem}
.brand{display:flex;align-items:center;justify-content:center;gap:.5rem;color:inherit;font-size:1.125rem;line-height:1.75rem;font-weight:600;text-decoration:none}
.brand svg{width:2.25rem;height:2.25rem}
.brand rect{fill:var(--primary)}
.card{display:flex;flex-direction:column;gap:1.5rem;padding:1.5rem;border:1px solid var(--border);border-radius:calc(var(--radius) + 4px);background:var(--card);color:var(--card-foreground);box-shadow:0 1px 3px 0 rgb(0 0 0/.1),0 1px 2px -1px rgb(0 0 0/.1)}
h1{margin:0;font-size:1rem;line-height:1;font-weight:600}
.card p{margin:.375rem 0 0;color:var(--muted-foreground);font-size:.875rem;line-height:1.25rem}
.button{display:flex;box-sizing:border-box;width:100%;height:2.25rem;align-items:center;justify-content:center;padding:0 1rem;border:1px solid transparent;border-radius:calc(var(--radius) - 2px);background:var(--primary);color:var(--primary-foreground);font:inherit;font-size:.875rem;line-height:1.25rem;font-weight:500;text-decoration:none;cursor:pointer;box-shadow:0 1px 2px 0 rgb(0 0 0/.05)}
.button:hover{background:color-mix(in oklab,var(--primary) 90%,transparent)}
.button:focus-visible,.brand:focus-visible,.back a:focus-visible{outline:none;box-shadow:0 0 0 3px color-mix(in oklab,var(--ring) 50%,transparent)}
.back{margin:0;text-align:center;font-size:.875rem;line-height:1.25rem}
.back a{color:var(--muted-foreground);text-decoration:none;text-underline-offset:4px}
.back a:hover{color:var(--foreground);text-decoration:underline}
`.trim();

/** The football mark of the client's Logo. */
export const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7"/><ellipse cx="16" cy="16" rx="11" ry="7" transform="rotate(-35 16 16)" fill="#8b4513"/><path d="M11 21 21 11M13.5 15.5l3 3M15.5 13.5l3 3M11.5 17.5l3 3" stroke="#fff" stroke-width="1.5" stroke-linecap="round"/></svg>`;

function card(user: SignOutPageUser | null): string {
  if (!user) {
    return (
      `<div><h1>You are signed out</h1><p>Sign in to see your contests and make your picks.</p></div>` +
      `<a class="button" href="/signin">Sign In</a>`
    );
  }
  const name = escapeHtml(`${user.firstName} ${user.lastName}`.trim());
  return (
    `<div><h1>Sign out?</h1><p>You are signed in as ${name} (${escapeHtml(user.email)}) on this device.</p></div>` +
    `<form method="post" action="/api/logout"><button type="submit" class="button">Sign Out</button></form>`
  );
}

/**
 * GET /api/logout's page: a Sign Out button (a form, so no script) for the signed-in, or word that
 * nobody is signed in. Within the app's policy: its own stylesheets and theme script, an inline style.
 */
export function signOutPage(user: SignOutPageUser | null, root = clientDist): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${user ? "Sign Out" : "Signed Out"} · Football Pool</title>` +
    `<link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
    // The saved theme (light, dark or the system's) before the first paint, as the app does.
    `<script src="/theme-init.js"></script>${appStylesheets(root)}<style>${STYLE}</style></head>` +
    `<body><main><div class="frame"><a class="brand" href="/">${LOGO}Football Pool</a>` +
    `<div class="card">${card(user)}</div>` +
    `<p class="back"><a href="/">Back to home</a></p></div></main></body></html>`
  );
}
