import { afterEach, describe, expect, it, vi } from "vitest";
import {
  API_CACHE,
  changesSession,
  clearApiCache,
  isCachedApiRequest,
  keepApiAnswers,
} from "./offline-cache";

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
    ["GET", "/api/account/sessions", false],
    ["GET", "/api/account/export", false],
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

describe("keepApiAnswers", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A Cache Storage holding one cache, whose puts are read back as [url, content type, JSON]. */
  const storage = () => {
    const puts: Promise<[string, string | null, unknown]>[] = [];
    const open = vi.fn(async () => ({
      put: async (request: Request, response: Response) => {
        puts.push(response.json().then((data) => [request.url, response.headers.get("content-type"), data]));
      },
    }));
    vi.stubGlobal("caches", { open });
    vi.stubGlobal("location", { origin: ORIGIN });
    return { open, kept: () => Promise.all(puts) };
  };

  it("keeps each answer a page carried in the API cache, under its GET's address, as JSON", async () => {
    const { open, kept } = storage();
    await keepApiAnswers([
      ["/api/auth/user", { id: "u1", name: "Ann" }],
      ["/api/contests", [{ id: "c1" }]],
    ]);
    expect(open).toHaveBeenCalledWith(API_CACHE);
    expect(await kept()).toEqual([
      [`${ORIGIN}/api/auth/user`, "application/json", { id: "u1", name: "Ann" }],
      [`${ORIGIN}/api/contests`, "application/json", [{ id: "c1" }]],
    ]);
  });

  it("opens no cache when the page carried nothing", async () => {
    const { open } = storage();
    await keepApiAnswers([]);
    expect(open).not.toHaveBeenCalled();
  });

  it("does nothing without Cache Storage, and a failing cache loses only the offline copy", async () => {
    vi.stubGlobal("caches", undefined);
    await expect(keepApiAnswers([["/api/season", {}]])).resolves.toBeUndefined();
    vi.stubGlobal("caches", { open: async () => Promise.reject(new Error("quota")) });
    vi.stubGlobal("location", { origin: ORIGIN });
    await expect(keepApiAnswers([["/api/season", {}]])).resolves.toBeUndefined();
  });
});
