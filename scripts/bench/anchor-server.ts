// The benchmark's anchors, each in a process of its own:
//   ANCHOR=bare   a Fastify route answering a small JSON (the machine's practical limit);
//   ANCHOR=query  one indexed query (a week's games, 16 rows by index) through the app's Drizzle
//                 driver, on DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL, the app's pool).
import Fastify from "fastify";
import { and, asc, eq } from "drizzle-orm";
import { openDatabase, type Database } from "@/server/db/client";
import { games } from "@/server/db/schema";

const app = Fastify({ logger: false });
let database: Database | undefined;

if (process.env.ANCHOR === "query") {
  database = await openDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR! },
  );
  const db = database.db;
  let week = 0;
  app.get("/anchor", async () => {
    week = (week % 18) + 1;
    return db
      .select()
      .from(games)
      .where(and(eq(games.season, 2025), eq(games.week, week)))
      .orderBy(asc(games.gameDate));
  });
} else {
  app.get("/anchor", async () => ({ ok: true, name: "bare", items: [1, 2, 3] }));
}

process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => database?.close())
    .then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
