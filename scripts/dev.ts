// npm run dev: the API with reload on change (tsx watch) and Vite's dev server with hot reload in front.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "5000";
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env, PORT: port },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], {
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  }),
];
console.log(
  `API on http://localhost:${port}, app with hot reload on http://localhost:${process.env.VITE_PORT ?? 5173}`,
);
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
