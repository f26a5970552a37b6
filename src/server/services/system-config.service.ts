import type { ConfigEntry } from "@/contracts/system-config";
import {
  configKeys,
  CONTEST_CREATION,
  CONTEST_CREATION_MESSAGE,
  contestCreationValue,
  CURRENT_SEASON,
  CURRENT_SEASON_MESSAGE,
  currentSeasonValue,
} from "@/contracts/system-config";
import type { AppContext } from "../context";
import { badRequest } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import { listConfig, setConfigValue } from "../repositories/config.repository";
import type { UserRow } from "../repositories/users.repository";

/** What an admin is told of a key the server keeps for itself: that it is set. */
const KEPT = "set";
const adminSettings = new Set<string>(configKeys);

/**
 * The settings an admin may change, with their values; every key the server keeps for itself (the
 * unsubscribe links' HMAC key, the Web Push keys) listed as set, its value never leaving the server.
 */
export const listSystemConfig = async (ctx: AppContext): Promise<ConfigEntry[]> =>
  (await listConfig(ctx.db)).map((entry) =>
    adminSettings.has(entry.key) ? entry : { key: entry.key, value: KEPT },
  );

export async function updateSystemConfig(
  ctx: AppContext,
  admin: UserRow,
  key: string,
  value: string,
): Promise<ConfigEntry> {
  if (key === CURRENT_SEASON && !currentSeasonValue.safeParse(value).success) {
    throw badRequest(CURRENT_SEASON_MESSAGE);
  }
  if (key === CONTEST_CREATION && !contestCreationValue.safeParse(value).success) {
    throw badRequest(CONTEST_CREATION_MESSAGE);
  }
  await ctx.db.transaction(async (tx) => {
    await setConfigValue(tx, key, value, admin.id);
    // The log says which setting changed, never its value (it may be a password).
    await recordActivity(tx, { actorId: admin.id, action: "config.updated", details: { key } });
  });
  return { key, value };
}
