import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { systemConfig } from "../db/schema";

export async function getConfigValue(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, key));
  return row?.value;
}

export async function listConfig(db: Executor) {
  return db.select({ key: systemConfig.key, value: systemConfig.value }).from(systemConfig);
}

export async function setConfigValue(
  db: Executor,
  key: string,
  value: string,
  updatedBy: string,
): Promise<void> {
  await db
    .insert(systemConfig)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: systemConfig.key, set: { value, updatedBy, updatedAt: new Date() } });
  // The current season is cached with the schedule (and what is computed from it).
  await clearNow(db, "schedule");
}
