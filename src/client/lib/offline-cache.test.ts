import { afterEach, describe, expect, it, vi } from "vitest";
import { API_CACHE, changesSession, clearApiCache, isCachedApiRequest } from "./offline-cache";

const ORIGIN = "https://pool.example.com";
const url = (path: string, origin = ORIGIN) => new URL(path, origin);

describe("isCachedApiRequest", () => {
  it.each([
    ["GET", "/api/contests", true],
    ["GET", "/api/contests/12/weeks/3?x=1", true],
    ["GET", "/api/season", true],
    ["GET", "/api/auth/user", true],
    ["GET", "/API/Auth/User/", true],
    ["GET", "/api/auth/session", false],
    ["GET", "/api/auth", false],
    ["GET", "/api/events", false],
    ["GET", "/api/events/", false],
    ["GET", "/api/login", false],
    ["GET", "/api/login/callback?code=1", false],
    ["GET", "/", false],
    ["GET", "/assets/index-abc.js", false],
    ["GET", "/apis/contests", false],
    ["POST", "/api/contests", false],
    ["PUT", "/api/picks", false],
    ["DELETE", "/api/contests/1", false],
    ["HEAD", "/api/contests", false],
  ])("%s %s: %s", (method, path, cached) => {
    expect(isCachedApiRequest(method, url(path), ORIGIN)).toBe(cached);
  });

  it("never keeps another origin's answers", () => {
    expect(isCachedApiRequest("GET", url("/api/contests", "https://other.example.com"), ORIGIN)).toBe(false);
  });
});

describe("changesSession", () => {
  it.each([
    ["POST", "/api/auth/login", true],
    ["POST", "/api/auth/register", true],
    ["POST", "/api/auth/logout", true],
    ["GET", "/api/auth/user", false],
    ["POST", "/api/contests", false],
  ])("%s %s: %s", (method, path, changes) => {
    expect(changesSession(method, url(path), ORIGIN)).toBe(changes);
  });
});

describe("clearApiCache", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("deletes the API cache by name", async () => {
    const remove = vi.fn(async () => true);
    vi.stubGlobal("caches", { delete: remove });
    await clearApiCache();
    expect(remove).toHaveBeenCalledWith(API_CACHE);
  });

  it("does nothing without Cache Storage", async () => {
    vi.stubGlobal("caches", undefined);
    await expect(clearApiCache()).resolves.toBeUndefined();
  });
});
