import { listTeams } from "../../repositories/teams.repository";
import type { App } from "../types";

export async function teamsRoutes(app: App) {
  app.get("/api/teams", async () => listTeams(app.ctx.db));
}
