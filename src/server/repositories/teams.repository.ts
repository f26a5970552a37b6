import { asc } from "drizzle-orm";
import type { Executor } from "../db/client";
import { teams } from "../db/schema";

export async function listTeams(db: Executor) {
  return db
    .select({ id: teams.id, code: teams.code, name: teams.name, isActive: teams.isActive })
    .from(teams)
    .orderBy(asc(teams.code));
}
