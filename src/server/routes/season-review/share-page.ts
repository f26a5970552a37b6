import {
  bestWeekText,
  clincherText,
  countsText,
  reviewTitle,
  signedMoney,
  spanText,
  streakText,
  summaryText,
  teamRecordText,
  verdictText,
} from "@/domain/season-review-text";
import type { ReviewCard } from "../../services/season-review.service";
import { clientDist } from "../../plugins/client";
import { appStylesheets, escapeHtml, LOGO } from "../auth/sign-out-page";

/** The card in the app's theme variables (light and dark), within the app's policy: an inline style. */
const STYLE = `
body{margin:0;overflow-wrap:anywhere;background:color-mix(in oklab,var(--muted) 40%,var(--background))}
main{display:flex;min-height:100svh;box-sizing:border-box;justify-content:center;padding:2rem 1rem}
.frame{display:flex;width:100%;max-width:44rem;flex-direction:column;gap:1.25rem}
.brand{display:flex;align-items:center;justify-content:center;gap:.5rem;color:inherit;font-size:1.125rem;font-weight:600;text-decoration:none}
.brand svg{width:2.25rem;height:2.25rem}
.brand rect{fill:var(--primary)}
.card{overflow:hidden;border:1px solid var(--border);border-radius:calc(var(--radius) + 6px);background:var(--card);color:var(--card-foreground);box-shadow:0 10px 30px -12px rgb(0 0 0/.25)}
.hero{padding:1.75rem 1.5rem 1.5rem;background:linear-gradient(135deg,oklch(0.36 0.1 150),oklch(0.25 0.07 160));color:#fff}
.eyebrow{margin:0;font-size:.75rem;font-weight:600;letter-spacing:.12em;text-transform:uppercase;opacity:.85}
h1{margin:.5rem 0 0;font-size:1.75rem;line-height:1.2;font-weight:700}
.contest{margin:.375rem 0 0;opacity:.85}
.champion{margin-top:1.25rem;padding-top:1.25rem;border-top:1px solid rgb(255 255 255/.2)}
.champion .label{margin:0;color:oklch(0.87 0.16 90);font-size:.75rem;font-weight:700;letter-spacing:.12em;text-transform:uppercase}
.champion .name{margin:.25rem 0 0;font-size:2rem;line-height:1.15;font-weight:800}
.champion .verdict{margin:.375rem 0 0;opacity:.9}
.body{display:flex;flex-direction:column;gap:1.5rem;padding:1.5rem}
h2{margin:0 0 .5rem;font-size:.8125rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:var(--muted-foreground)}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th,td{padding:.5rem .25rem;border-bottom:1px solid var(--border);text-align:left;vertical-align:top}
tbody tr:last-child th,tbody tr:last-child td{border-bottom:0}
thead th{font-weight:600}
tbody th{width:30%;color:var(--muted-foreground);font-weight:500}
td{font-variant-numeric:tabular-nums;font-weight:600}
td .sub{display:block;color:var(--muted-foreground);font-size:.8125rem;font-weight:400}
td.none{color:var(--muted-foreground);font-weight:400}
.up{color:oklch(0.5 0.14 150)}.down{color:oklch(0.52 0.2 27)}
.dark .up{color:oklch(0.78 0.16 150)}.dark .down{color:oklch(0.72 0.17 22)}
.moments{display:grid;gap:.75rem;margin:0}
.moments div{padding:.75rem 1rem;border:1px solid var(--border);border-radius:var(--radius);background:color-mix(in oklab,var(--muted) 50%,transparent)}
dt{color:var(--muted-foreground);font-size:.8125rem;font-weight:500}
dd{margin:.25rem 0 0;font-weight:600}
.cta{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;padding:1rem 1.5rem;border-top:1px solid var(--border)}
.cta p{margin:0;color:var(--muted-foreground);font-size:.875rem}
.button{display:inline-flex;height:2.25rem;align-items:center;padding:0 1rem;border-radius:calc(var(--radius) - 2px);background:var(--primary);color:var(--primary-foreground);font-size:.875rem;font-weight:500;text-decoration:none}
.button:hover{background:color-mix(in oklab,var(--primary) 90%,transparent)}
a:focus-visible{outline:none;box-shadow:0 0 0 3px color-mix(in oklab,var(--ring) 50%,transparent)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:40rem){.hero{padding:2rem}.body{padding:1.75rem 2rem}.cta{padding:1rem 2rem}h1{font-size:2.25rem}.moments{grid-template-columns:1fr 1fr}.moments .wide{grid-column:1/-1}}
`.trim();

const tone = (amount: number) => (amount > 0 ? ' class="up"' : amount < 0 ? ' class="down"' : "");

type Team = ReviewCard["teams"]["player1"]["rode"];

/** A team's name, and under it its picks. */
const teamCell = (count: Team) =>
  count
    ? `<td>${escapeHtml(count.name)}<span class="sub">${escapeHtml(teamRecordText(count))}</span></td>`
    : `<td class="none">No spread picks</td>`;

const teamRow = (label: string, one: Team, two: Team) =>
  `<tr><th scope="row">${label}</th>${teamCell(one)}${teamCell(two)}</tr>`;

function recordTable(card: ReviewCard): string {
  const { player1, player2 } = card.players;
  const row = (label: string, one: string, two: string, tones = ["", ""]) =>
    `<tr><th scope="row">${label}</th><td${tones[0]}>${escapeHtml(one)}</td><td${tones[1]}>${escapeHtml(two)}</td></tr>`;
  const rows = [
    row(
      "Weeks won–lost–pushed",
      countsText(card.record.player1.weeks),
      countsText(card.record.player2.weeks),
    ),
    row("Picks won–lost", countsText(card.record.player1.picks), countsText(card.record.player2.picks)),
    card.isFree
      ? ""
      : row("Money", signedMoney(card.money.player1), signedMoney(card.money.player2), [
          tone(card.money.player1),
          tone(card.money.player2),
        ]),
    teamRow("Rode most", card.teams.player1.rode, card.teams.player2.rode),
    teamRow("Faded most", card.teams.player1.faded, card.teams.player2.faded),
  ];
  return (
    `<section aria-labelledby="record-title"><h2 id="record-title">The record</h2><table>` +
    `<thead><tr><th scope="col"><span class="visually-hidden">Figure</span></th>` +
    `<th scope="col">${escapeHtml(player1.name)}</th><th scope="col">${escapeHtml(player2.name)}</th></tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table></section>`
  );
}

function moments(card: ReviewCard, names: { player1: string; player2: string }): string {
  const moment = (label: string, text: string, wide = false) =>
    `<div${wide ? ' class="wide"' : ""}><dt>${label}</dt><dd>${escapeHtml(text)}</dd></div>`;
  return (
    `<section aria-labelledby="moments-title"><h2 id="moments-title">Big moments</h2><dl class="moments">` +
    moment("Best week", bestWeekText(card.bestWeek, names)) +
    moment("Longest streak", streakText(card.longestStreak, names)) +
    moment("The pick that decided it", clincherText(card.clincher, names), true) +
    `</dl></section>`
  );
}

/** The head's title, description and cards for link previews (Open Graph, Twitter). */
function metaTags(card: ReviewCard, names: { player1: string; player2: string }, url: string): string {
  const title = escapeHtml(reviewTitle(names, card.season));
  const description = escapeHtml(summaryText(card, names));
  const image = escapeHtml(`${url}/image.png`);
  const alt = escapeHtml(`${reviewTitle(names, card.season)}. ${verdictText(card, names)}`);
  return (
    `<title>${title} · Football Pool</title><meta name="description" content="${description}">` +
    `<meta name="robots" content="noindex">` +
    `<meta property="og:type" content="website"><meta property="og:site_name" content="Football Pool">` +
    `<meta property="og:title" content="${title}"><meta property="og:description" content="${description}">` +
    `<meta property="og:url" content="${escapeHtml(url)}"><meta property="og:image" content="${image}">` +
    `<meta property="og:image:type" content="image/png"><meta property="og:image:width" content="1200">` +
    `<meta property="og:image:height" content="630"><meta property="og:image:alt" content="${alt}">` +
    `<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="${title}">` +
    `<meta name="twitter:description" content="${description}"><meta name="twitter:image" content="${image}">` +
    `<meta name="twitter:image:alt" content="${alt}">`
  );
}

const frame = (head: string, body: string, root: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">${head}` +
  `<link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
  // The saved theme (light, dark or the system's) before the first paint, as the app does.
  `<script src="/theme-init.js"></script>${appStylesheets(root)}<style>${STYLE}</style></head>` +
  `<body><main><div class="frame"><a class="brand" href="/">${LOGO}Football Pool</a>${body}</div></main></body></html>`;

/**
 * GET /share/{token}: the season in review as a page of its own, for anyone holding the link (no
 * account, no script of the app): every name and the contest's name escaped.
 */
export function sharePage(card: ReviewCard, url: string, root = clientDist): string {
  const names = { player1: card.players.player1.name, player2: card.players.player2.name };
  const champion = card.champion
    ? `<p class="label">Champion</p><p class="name">${escapeHtml(names[card.champion])}</p>`
    : `<p class="label">All square</p><p class="name">A tie</p>`;
  const body =
    `<article class="card" aria-labelledby="review-title"><header class="hero">` +
    `<p class="eyebrow">The ${card.season} season in review</p>` +
    `<h1 id="review-title">${escapeHtml(`${names.player1} vs ${names.player2}`)}</h1>` +
    `<p class="contest">${escapeHtml(`${card.name} · ${spanText(card.season, card.startWeek, card.totalWeeks)}`)}</p>` +
    `<div class="champion">${champion}<p class="verdict">${escapeHtml(verdictText(card, names))}</p></div></header>` +
    `<div class="body">${recordTable(card)}${moments(card, names)}</div>` +
    `<footer class="cta"><p>Head-to-head NFL picks against the spread.</p>` +
    `<a class="button" href="/signin">Sign in to Football Pool</a></footer></article>`;
  return frame(metaTags(card, names, url), body, root);
}

/** An unknown or revoked link's page (404). */
export function notSharedPage(root = clientDist): string {
  return frame(
    `<title>Not shared · Football Pool</title><meta name="robots" content="noindex">`,
    `<article class="card" aria-labelledby="review-title"><header class="hero">` +
      `<p class="eyebrow">Season in review</p><h1 id="review-title">This link is not shared</h1>` +
      `<p class="contest">It was never made, or its players have stopped sharing it.</p></header>` +
      `<footer class="cta"><p>Head-to-head NFL picks against the spread.</p>` +
      `<a class="button" href="/signin">Sign in to Football Pool</a></footer></article>`,
    root,
  );
}
