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
