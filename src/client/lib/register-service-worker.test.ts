import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isUpdateAvailable, resetUpdateState } from "./app-update";
import { registerServiceWorker } from "./register-service-worker";

class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

function fakeContainer(controller: object | null, registration: FakeRegistration) {
  const container = Object.assign(new EventTarget(), {
    controller,
    register: vi.fn(async () => registration),
  });
  return container as unknown as ServiceWorkerContainer & typeof container;
}

describe("registerServiceWorker", () => {
  beforeEach(() => {
    resetUpdateState();
    vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("registers /sw.js for the whole app", async () => {
    const container = fakeContainer(null, new FakeRegistration());
    await registerServiceWorker(container);
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("offers nothing for the first worker", async () => {
    const registration = new FakeRegistration();
    await registerServiceWorker(fakeContainer(null, registration));
    const worker = new FakeWorker("installing");
    registration.found(worker);
    worker.becomes("installed");
    expect(isUpdateAvailable()).toBe(false);
  });

  it("offers a new worker once it is installed and waits", async () => {
    const registration = new FakeRegistration();
    await registerServiceWorker(fakeContainer({}, registration));
    const worker = new FakeWorker("installing");
    registration.found(worker);
    expect(isUpdateAvailable()).toBe(false);
    worker.becomes("installed");
    expect(isUpdateAvailable()).toBe(true);
  });

  it("offers a worker already waiting when the page opens", async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker("installed");
    await registerServiceWorker(fakeContainer({}, registration));
    expect(isUpdateAvailable()).toBe(true);
  });

  it("offers the new version when another tab let it take over", async () => {
    const container = fakeContainer({}, new FakeRegistration());
    await registerServiceWorker(container);
    container.dispatchEvent(new Event("controllerchange"));
    expect(isUpdateAvailable()).toBe(true);
  });

  it("offers nothing when the first worker takes the page", async () => {
    const container = fakeContainer(null, new FakeRegistration());
    await registerServiceWorker(container);
    container.dispatchEvent(new Event("controllerchange"));
    expect(isUpdateAvailable()).toBe(false);
  });
});
