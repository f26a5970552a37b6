// A stand-in for ESPN's scoreboard API, as a process (the browser tests' feed, and a demo of the feed
// without the internet): `node --import tsx tests/feed-stand-in-cli.ts <port> <folder>`. A week's
// answer is `<folder>/<season>-<week>.json`, read again at every request, so a test or a person
// changes what the "source" says by writing the file; a week without a file answers no events. A
// postseason week is named as ours: `?seasontype=3&week=1` (the Wild Card round) reads
// `<season>-19.json`, the Super Bowl's week 5 `<season>-22.json`.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { weekOfEspnPostseason } from "../src/domain/postseason";
import { ESPN_PATH } from "./feed-stand-in";

const [port = "5056", folder = ".tmp/feed-stand-in"] = process.argv.slice(2);
mkdirSync(folder, { recursive: true });

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://stand-in");
  if (url.pathname === "/health") return void response.end("ok");
  if (url.pathname !== `${ESPN_PATH}/scoreboard`) return void response.writeHead(404).end();
  const asked = Number(url.searchParams.get("week"));
  const week = url.searchParams.get("seasontype") === "3" ? (weekOfEspnPostseason(asked) ?? 0) : asked;
  const file = path.join(folder, `${url.searchParams.get("dates")}-${week}.json`);
  const body = existsSync(file) ? readFileSync(file, "utf8") : '{"events":[]}';
  response.writeHead(200, { "content-type": "application/json" }).end(body);
});
server.listen(Number(port), "127.0.0.1", () => {
  console.log(`ESPN stand-in: http://127.0.0.1:${port}${ESPN_PATH} serving ${path.resolve(folder)}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
