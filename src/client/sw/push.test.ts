import { describe, expect, it } from "vitest";
import { appUrl, notificationOptions, readPushMessage, windowToFocus } from "./push";

const ORIGIN = "https://pool.example.com";

describe("readPushMessage", () => {
  it("reads the server's JSON", () => {
    expect(
      readPushMessage(
        JSON.stringify({ title: "Your turn", body: "Pick 2 games", url: "/picks", tag: "turn-1" }),
      ),
    ).toEqual({ title: "Your turn", body: "Pick 2 games", url: "/picks", tag: "turn-1" });
  });

  it("leaves the tag out when there is none", () => {
    expect(readPushMessage(JSON.stringify({ title: "T", body: "B", url: "/" }))).toEqual({
      title: "T",
      body: "B",
      url: "/",
    });
  });

  it.each([
    ["no payload", null],
    ["an empty payload", ""],
    ["JSON that is not an object", "42"],
    ["fields of the wrong types", JSON.stringify({ title: 3, body: null, url: {}, tag: 5 })],
  ])("still shows something for %s", (_, payload) => {
    expect(readPushMessage(payload)).toEqual({ title: "Football Pool", body: "", url: "/" });
  });

  it("shows plain text as the body", () => {
    expect(readPushMessage("Kickoff soon")).toEqual({
      title: "Football Pool",
      body: "Kickoff soon",
      url: "/",
    });
  });
});

describe("notificationOptions", () => {
  it("carries the body, the tag, the icons and the URL", () => {
    expect(notificationOptions({ title: "T", body: "B", url: "/picks", tag: "x" })).toEqual({
      body: "B",
      tag: "x",
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      data: { url: "/picks" },
    });
  });
});

describe("appUrl", () => {
  it.each([
    ["/picks?week=3", `${ORIGIN}/picks?week=3`],
    [`${ORIGIN}/standings`, `${ORIGIN}/standings`],
    ["https://evil.example.com/phish", `${ORIGIN}/`],
    ["//evil.example.com/phish", `${ORIGIN}/`],
    ["javascript:alert(1)", `${ORIGIN}/`],
    ["", `${ORIGIN}/`],
    [undefined, `${ORIGIN}/`],
    [42, `${ORIGIN}/`],
  ])("%s leads to %s", (url, expected) => {
    expect(appUrl(url, ORIGIN)).toBe(expected);
  });
});

describe("windowToFocus", () => {
  const window = (url: string, focused = false, visibilityState: DocumentVisibilityState = "hidden") => ({
    url,
    focused,
    visibilityState,
  });

  it("prefers the focused window, then a visible one, then any", () => {
    const hidden = window(`${ORIGIN}/a`);
    const visible = window(`${ORIGIN}/b`, false, "visible");
    const focused = window(`${ORIGIN}/c`, true, "visible");
    expect(windowToFocus([hidden, visible, focused], ORIGIN)).toBe(focused);
    expect(windowToFocus([hidden, visible], ORIGIN)).toBe(visible);
    expect(windowToFocus([hidden], ORIGIN)).toBe(hidden);
  });

  it("finds none when no window is the app's", () => {
    expect(windowToFocus([], ORIGIN)).toBeUndefined();
    expect(windowToFocus([window("https://pool.example.com.evil.net/", true)], ORIGIN)).toBeUndefined();
  });
});
