import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build writes the landing page into index.html (vite.config.ts), which the app's first render
// draws too (authentication is still loading): hydrated, not drawn again. The sign-in page comes
// with an empty root. Hydrated in a transition: React does it in slices between which the page
// answers input, rather than in one long task (which is what hydration at default priority is).
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

// The service worker (decision 025), in production builds only: registered once the page has
// loaded, from a chunk of its own, so it takes nothing from the first paint or the first bundle.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () =>
    void import("./lib/register-service-worker")
      .then(({ registerServiceWorker }) => registerServiceWorker(navigator.serviceWorker))
      // Refused (a private window, a policy): the app works as without a worker.
      .catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
