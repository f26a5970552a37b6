import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { weekName } from "@/domain/postseason";
import { countsText, signedMoney, spanText, verdictText } from "@/domain/season-review-text";
import type { ReviewCard } from "../../services/season-review.service";
import { LOGO } from "../auth/sign-out-page";

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

/** An element as satori reads it (React's shape, without React). */
interface Box {
  type: string;
  props: {
    style?: Record<string, string | number>;
    src?: string;
    width?: number;
    height?: number;
    children?: Child;
  };
}
type Child = Box | string | (Box | string)[];

const box = (style: Box["props"]["style"], ...children: (Box | string)[]): Box => ({
  type: "div",
  props: { style: { display: "flex", boxSizing: "border-box", ...style }, children },
});

/** One line of text, cut with an ellipsis where it would overflow. */
const line = (text: string, style: Box["props"]["style"]) =>
  box({ minWidth: 0, overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis", ...style }, text);

/** The app's football mark, on the card's light green. */
const LOGO_IMAGE = `data:image/svg+xml;base64,${Buffer.from(
  LOGO.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" ').replace(
    "<rect ",
    '<rect fill="#22c55e" ',
  ),
).toString("base64")}`;

const WHITE = "#ffffff";
const MUTED = "rgba(255,255,255,0.74)";
const GOLD = "#facc15";

/**
 * Inter, from @fontsource (satori reads .woff, not .woff2), in the subsets that cover the names
 * people type in Latin, Greek and Cyrillic scripts: each a family of its own, for satori falls back
 * from family to family, not between files of one. Read once, on the first image.
 */
const SUBSETS = {
  latin: "Inter",
  "latin-ext": "Inter Latin Ext",
  greek: "Inter Greek",
  cyrillic: "Inter Cyrillic",
} as const;
const FONT_FAMILY = Object.values(SUBSETS)
  .map((name) => `'${name}'`)
  .join(", ");

let fonts: Parameters<typeof satori>[1]["fonts"] | undefined;
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (subset: string, weight: number) =>
    readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
  fonts = Object.entries(SUBSETS).flatMap(([subset, name]) =>
    ([400, 600, 800] as const).map((weight) => ({
      name,
      data: file(subset, weight),
      weight,
      style: "normal" as const,
    })),
  );
  return fonts;
}

function tile(label: string, value: string, note: string, accent = false): Box {
  return box(
    {
      flex: 1,
      flexDirection: "column",
      minWidth: 0,
      padding: "22px 26px",
      borderRadius: 22,
      background: accent ? "rgba(250,204,21,0.12)" : "rgba(255,255,255,0.08)",
      border: `2px solid ${accent ? "rgba(250,204,21,0.45)" : "rgba(255,255,255,0.14)"}`,
    },
    line(label.toUpperCase(), {
      fontSize: 18,
      fontWeight: 600,
      letterSpacing: 2,
      color: accent ? GOLD : MUTED,
    }),
    line(value, { marginTop: 10, fontSize: 36, fontWeight: 800, color: WHITE }),
    line(note, { marginTop: 6, fontSize: 21, color: MUTED }),
  );
}

function playerTile(card: ReviewCard, player: "player1" | "player2"): Box {
  const { weeks, picks } = card.record[player];
  const money = card.isFree ? "" : ` · ${signedMoney(card.money[player])}`;
  return tile(card.players[player].name, `${countsText(weeks)} weeks`, `Picks ${countsText(picks)}${money}`);
}

/** The third tile: the pick that decided it, or for a tie the best week. */
function deciderTile(card: ReviewCard, names: { player1: string; player2: string }): Box {
  const { clincher } = card;
  if (!clincher) {
    const best = card.bestWeek;
    return tile(
      "Best week",
      best ? `${best.wins}–${best.otherWins}` : "None",
      best ? `${weekName(best.week)} · ${names[best.player]}` : "No week was won",
      true,
    );
  }
  return tile(
    "The clincher",
    clincher.line === null ? clincher.choice : `${clincher.choice} ${clincher.line}`,
    `${weekName(clincher.week)}${clincher.isLock ? ", a lock" : ""} · ${clincher.awayTeam} at ${clincher.homeTeam}`,
    true,
  );
}

function cardTree(card: ReviewCard): Box {
  const names = { player1: card.players.player1.name, player2: card.players.player2.name };
  const champion = card.champion && names[card.champion];
  // A long name is the headline alone, smaller: cut with an ellipsis past the card's width.
  const headline = !champion ? "All square" : champion.length <= 22 ? `${champion} takes it` : champion;
  const logo: Box = {
    type: "img",
    props: {
      src: LOGO_IMAGE,
      width: 48,
      height: 48,
    },
  };
  return box(
    {
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      flexDirection: "column",
      padding: "52px 64px 56px",
      fontFamily: FONT_FAMILY,
      color: WHITE,
      backgroundImage: "linear-gradient(135deg, #166534 0%, #0f3d24 55%, #0a2a19 100%)",
    },
    box(
      { alignItems: "center", justifyContent: "space-between", gap: 32 },
      box(
        { alignItems: "center", gap: 16, flexShrink: 0 },
        logo,
        line("Football Pool", { fontSize: 28, fontWeight: 600 }),
      ),
      line(`${card.name} · ${spanText(card.season, card.startWeek, card.totalWeeks)}`, {
        fontSize: 24,
        color: MUTED,
      }),
    ),
    line(`The ${card.season} season in review`.toUpperCase(), {
      marginTop: 44,
      fontSize: 22,
      fontWeight: 600,
      letterSpacing: 4,
      color: GOLD,
    }),
    line(headline, {
      marginTop: 10,
      fontSize: headline.length > 26 ? 60 : 72,
      fontWeight: 800,
      letterSpacing: -1,
    }),
    line(verdictText(card, names), { marginTop: 6, fontSize: 30, color: MUTED }),
    box(
      { marginTop: "auto", gap: 20 },
      playerTile(card, "player1"),
      playerTile(card, "player2"),
      deciderTile(card, names),
    ),
  );
}

/** A card's PNG by the hash of what it shows: a link's crawlers and reloads render it once. */
const rendered = new Map<string, Buffer>();
const KEPT = 32;

/** What the image shows, hashed: its ETag, and the key it is kept under. */
export const imageTag = (card: ReviewCard) =>
  createHash("sha256").update(JSON.stringify(card)).digest("base64url").slice(0, 27);

/** GET /share/{token}/image.png: the card, 1200×630, drawn by satori (SVG) and resvg (PNG). */
export async function shareImage(card: ReviewCard): Promise<Buffer> {
  const tag = imageTag(card);
  const kept = rendered.get(tag);
  if (kept) return kept;
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], {
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
    fonts: loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng();
  rendered.set(tag, png);
  if (rendered.size > KEPT) rendered.delete(rendered.keys().next().value!);
  return png;
}
