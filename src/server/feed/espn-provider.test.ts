import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { EspnStandIn, recorded } from "../../../tests/feed-stand-in";
import { EspnProvider } from "./espn";
import { FeedError } from "./provider";

describe("EspnProvider against a stand-in", () => {
  const standIn = new EspnStandIn();
  const started = standIn.start();
  afterAll(() => standIn.stop());
  const provider = (timeoutMs = 2_000) => new EspnProvider({ baseUrl: standIn.url, timeoutMs });

  it("asks for one regular-season week of a season and reads it", async () => {
    await started;
    standIn.mode = "ok";
    standIn.setWeek(2025, 12, recorded("2025-week-12-before-kickoff.json"));
    const before = standIn.requests.length;
    const week = await provider().fetchWeek(2025, 12);
    expect(week.games).toHaveLength(14);
    expect(week.skipped).toEqual([]);
    const [request] = standIn.requests.slice(before);
    expect(request!.pathname).toBe("/apis/site/v2/sports/football/nfl/scoreboard");
    expect(request!.searchParams.get("seasontype")).toBe("2");
    expect(request!.searchParams.get("week")).toBe("12");
    expect(request!.searchParams.get("dates")).toBe("2025");
    // More than the 100 events ESPN answers unless asked.
    expect(Number(request!.searchParams.get("limit"))).toBeGreaterThan(100);
  });

  it("a week the source does not list: no games", async () => {
    await started;
    standIn.mode = "ok";
    expect(await provider().fetchWeek(2025, 17)).toEqual({ games: [], skipped: [] });
  });

  it.each<[string, "http500" | "cut" | "badjson" | "hang", RegExp, number]>([
    ["an HTTP error", "http500", /^The source answered HTTP 500\.$/, 2_000],
    ["a body cut in half", "cut", /^The source/, 2_000],
    ["an answer that is not JSON", "badjson", /^The source's answer is not valid JSON/, 2_000],
    ["no answer in time", "hang", /^The source did not answer within 0\.3 s\.$/, 300],
  ])("%s is a FeedError", async (_label, mode, message, timeoutMs) => {
    await started;
    standIn.setWeek(2025, 12, recorded("2025-week-12-before-kickoff.json"));
    standIn.mode = mode;
    try {
      const failure = await provider(timeoutMs)
        .fetchWeek(2025, 12)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(FeedError);
      expect((failure as FeedError).message).toMatch(message);
    } finally {
      standIn.mode = "ok";
    }
  });

  it("a sync stopped on the way is a FeedError", async () => {
    await started;
    standIn.mode = "hang";
    try {
      const controller = new AbortController();
      const fetching = provider(5_000).fetchWeek(2025, 12, controller.signal);
      setTimeout(() => controller.abort(), 50);
      await expect(fetching).rejects.toThrow(new FeedError("The sync was stopped."));
    } finally {
      standIn.mode = "ok";
    }
  });

  it("a source that cannot be reached is a FeedError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new EspnProvider({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
    await expect(unreachable.fetchWeek(2025, 1)).rejects.toThrow(/^The source could not be reached/);
  });

  it("never waits more than 10 s", () => {
    const patient = new EspnProvider({ baseUrl: standIn.url, timeoutMs: 60_000 });
    expect((patient as unknown as { timeoutMs: number }).timeoutMs).toBe(10_000);
    const unset = new EspnProvider({ baseUrl: standIn.url });
    expect((unset as unknown as { timeoutMs: number }).timeoutMs).toBe(10_000);
  });

  it("sends a User-Agent and asks for JSON", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { "content-type": "application/json" }).end('{"events":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/nfl/`;
      await new EspnProvider({ baseUrl: base, timeoutMs: 1_000 }).fetchWeek(2025, 1);
      await new EspnProvider({
        baseUrl: base,
        userAgent: "FootballPool/1.0 (+https://pool.example)",
      }).fetchWeek(2025, 1);
      expect(seen[0]!["user-agent"]).toBe("FootballPool/1.0");
      expect(seen[0]!.accept).toBe("application/json");
      expect(seen[1]!["user-agent"]).toBe("FootballPool/1.0 (+https://pool.example)");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
