import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  applyUpdate,
  isUpdateAvailable,
  offerUpdate,
  resetUpdateState,
  subscribeToUpdate,
  takenOverElsewhere,
} from "./app-update";

function fakeWorker() {
  return { postMessage: vi.fn() } as unknown as ServiceWorker & { postMessage: ReturnType<typeof vi.fn> };
}

describe("app update", () => {
  let container: EventTarget;
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    resetUpdateState();
    container = new EventTarget();
    reload = vi.fn();
    vi.stubGlobal("navigator", { serviceWorker: container });
    vi.stubGlobal("location", { reload });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("tells its listeners when a new version waits", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToUpdate(listener);
    expect(isUpdateAvailable()).toBe(false);
    offerUpdate(fakeWorker());
    expect(isUpdateAvailable()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    offerUpdate(fakeWorker());
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("Reload asks the waiting worker to take over, and reloads only once it has", () => {
    const worker = fakeWorker();
    offerUpdate(worker);
    applyUpdate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a worker that took over from another tab is offered, and Reload just reloads", () => {
    takenOverElsewhere();
    expect(isUpdateAvailable()).toBe(true);
    applyUpdate();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads by itself", () => {
    offerUpdate(fakeWorker());
    container.dispatchEvent(new Event("controllerchange"));
    takenOverElsewhere();
    expect(reload).not.toHaveBeenCalled();
  });
});
