import fc from "fast-check";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/server/db/schema";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * Bad CSV files (docs/reliability.md, "Bad input"): malformed, oversized, wrongly encoded, formula injection,
 * and random bytes. Each gets a clear 4xx or a per-line report; a file refused as a whole imports nothing.
 */
const { app, db } = await createTestApp();
let admin: SignedIn;

const HEADER = "week,season,homeTeam,awayTeam,gameDate,spread,overUnder,favoriteTeam,status";

function upload(content: string | Uint8Array<ArrayBuffer>, filename = "games.csv") {
  const form = new FormData();
  form.append("csvFile", new Blob([content], { type: "text/csv" }), filename);
  return app.inject({
    method: "POST",
    url: "/api/games/import-csv",
    payload: form,
    headers: { cookie: admin.cookie },
  });
}

const gameCount = async () => (await db.select({ n: count() }).from(games))[0]!.n;

/** Good rows for week 22 (no shipped games there), one per distinct matchup. */
const goodRows = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const teams = ["KC", "DEN", "GB", "CHI", "NE", "NYJ", "MIA", "BUF", "DAL", "PHI", "SF", "SEA"];
    const home = teams[i % teams.length]!;
    const away = teams[(i + 1 + Math.floor(i / teams.length)) % teams.length]!;
    return `22,2025,${home},${away},2026-02-0${1 + (i % 7)}T18:00:00Z,-3,44,,upcoming`;
  });

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
});

describe("bad CSV files", () => {
  it("refuses a file with a broken quote anywhere whole: the good rows before it are not imported", async () => {
    const before = await gameCount();
    const response = await upload(
      [HEADER, ...goodRows(5), '22,2025,"KC,DEN,2026-02-01T18:00:00Z'].join("\n"),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The file is not valid CSV/);
    expect(await gameCount()).toBe(before);
  });

  it("refuses UTF-16 and non-UTF-8 files with a message that says how to fix them", async () => {
    const before = await gameCount();
    const text = [HEADER, ...goodRows(2)].join("\n");
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    const latin1 = Buffer.from(
      `${HEADER}\n22,2025,KC,DEN,2026-02-01T18:00:00Z,-3,44,,upcoming caf\xe9`,
      "latin1",
    );
    for (const file of [utf16, new Uint8Array(latin1)]) {
      const response = await upload(file);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "The file is not UTF-8 text: save the CSV as UTF-8 and try again.",
      );
    }
    expect(await gameCount()).toBe(before);
  });

  it("accepts a UTF-8 byte-order mark", async () => {
    const response = await upload(`\ufeff${[HEADER, ...goodRows(1)].join("\n")}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 1, errors: [] });
  });

  it("reports formula-injection cells as bad rows and stores none of them", async () => {
    const before = await gameCount();
    const rows = [
      "=1+1,2025,KC,DEN,2026-02-01T18:00:00Z,,,,upcoming",
      '22,2025,"=HYPERLINK(""http://evil"")",DEN,2026-02-01T18:00:00Z,,,,upcoming',
      "22,2025,KC,@SUM(A1),2026-02-01T18:00:00Z,,,,upcoming",
      "22,2025,KC,DEN,+cmd|' /C calc'!A0,,,,upcoming",
      "22,2025,KC,DEN,2026-02-01T18:00:00Z,=2+5,,,upcoming",
      "22,2025,KC,DEN,2026-02-01T18:00:00Z,,-2+3,,upcoming",
      "22,2025,KC,DEN,2026-02-01T18:00:00Z,,,=KC,upcoming",
      "22,2025,KC,DEN,2026-02-01T18:00:00Z,,,,=final",
    ];
    const response = await upload([HEADER, ...rows].join("\n"));
    expect(response.statusCode).toBe(200);
    const result = response.json<{ created: number; skipped: number; errors: string[] }>();
    expect(result.created).toBe(0);
    expect(result.skipped).toBe(rows.length);
    expect(result.errors.map((e) => e.split(":")[0])).toEqual(rows.map((_, i) => `Line ${i + 2}`));
    expect(await gameCount()).toBe(before);
  });

  it("refuses an oversized file with 413 and imports nothing", async () => {
    const before = await gameCount();
    const big = [HEADER, ...Array.from({ length: 25_000 }, () => goodRows(1)[0])].join("\n");
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(await gameCount()).toBe(before);
  });

  it("never answers 500 to random bytes or random text, and a refused file changes nothing", async () => {
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.string({ unit: "binary", maxLength: 2000 }).map((s) => `${HEADER}\n${s}`),
          fc
            .array(fc.array(fc.string({ maxLength: 12 }), { maxLength: 12 }), { maxLength: 20 })
            .map((rows) => [HEADER, ...rows.map((cells) => cells.join(","))].join("\n")),
        ),
        async (content) => {
          tried += 1;
          const before = await gameCount();
          const response = await upload(content);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(
            typeof response.json<{ message?: string }>().message === "string" || response.statusCode === 200,
          ).toBe(true);
          if (response.statusCode !== 200) expect(await gameCount()).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
    console.info(`random CSV files: ${tried} uploaded, none answered 500`);
  });
});
