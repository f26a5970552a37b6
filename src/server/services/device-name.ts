import Bowser from "bowser";

/** A session's device as the signed-in devices list names it, from its User-Agent. */
export interface DeviceName {
  browser: string | null;
  system: string | null;
}

/** Browsers freeze these systems' versions in the User-Agent (macOS 10.15.7, Windows NT 10.0): name only. */
const FROZEN_VERSIONS = new Set(["macOS", "Windows"]);

const major = (version: string | undefined) => version?.split(".")[0] ?? "";
const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ") || null;

export function deviceName(userAgent: string | null): DeviceName {
  if (!userAgent?.trim()) return { browser: null, system: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const version = os.name && FROZEN_VERSIONS.has(os.name) ? undefined : os.version;
  const system = joined(os.name, version);
  // A phone or tablet says which one where it can ("iPhone"), before its system.
  const model = platform.model && system && !system.startsWith(platform.model) ? platform.model : undefined;
  return {
    browser: joined(browser.name, major(browser.version)),
    system: model && system ? `${model} · ${system}` : system,
  };
}
