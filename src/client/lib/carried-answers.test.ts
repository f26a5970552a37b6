import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiRequest } from "./api";
import { dropCarriedAnswers, keepCarriedAnswers } from "./carried-answers";

const asked: string[] = [];
vi.stubGlobal("fetch", async (url: string) => {
  asked.push(url);
  return new Response(JSON.stringify({ from: "network" }), { status: 200 });
});
afterEach(() => {
  asked.length = 0;
  dropCarriedAnswers();
  vi.useRealTimers();
});

describe("answers the page carried for its screen's first requests (decision 054)", () => {
  it("answer a GET of their URL once; the next one goes to the network", async () => {
    keepCarriedAnswers([["/api/contests/c1/turn/3", { from: "page" }]]);
    expect(await apiGet("/api/contests/c1/turn/3")).toEqual({ from: "page" });
    expect(await apiGet("/api/contests/c1/turn/4")).toEqual({ from: "network" });
    expect(await apiGet("/api/contests/c1/turn/3")).toEqual({ from: "network" });
    expect(asked).toEqual(["/api/contests/c1/turn/4", "/api/contests/c1/turn/3"]);
  });

  it("are let go once the page sends a change: an answer from before it could be out of date", async () => {
    keepCarriedAnswers([["/api/contests/c1/turn/3", { from: "page" }]]);
    await apiRequest("POST", "/api/picks/batch", {});
    expect(await apiGet("/api/contests/c1/turn/3")).toEqual({ from: "network" });
  });

  it("are let go a minute after the page started, and when a live event comes (dropCarriedAnswers)", async () => {
    vi.useFakeTimers();
    keepCarriedAnswers([
      ["/a", 1],
      ["/b", 2],
    ]);
    vi.advanceTimersByTime(59_000);
    expect(await apiGet("/a")).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(await apiGet("/b")).toEqual({ from: "network" });
    keepCarriedAnswers([["/c", 3]]);
    dropCarriedAnswers();
    expect(await apiGet("/c")).toEqual({ from: "network" });
  });
});
