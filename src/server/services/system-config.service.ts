import type { ConfigEntry } from "@/contracts/system-config";
import { CURRENT_SEASON, CURRENT_SEASON_MESSAGE, currentSeasonValue } from "@/contracts/system-config";
import type { AppContext } from "../context";
import { badRequest } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import { listConfig, setConfigValue } from "../repositories/config.repository";
import type { UserRow } from "../repositories/users.repository";
import { VAPID_PRIVATE_KEY } from "./vapid";

/** Every setting but the Web Push private key, which never leaves the server. */
export const listSystemConfig = async (ctx: AppContext): Promise<ConfigEntry[]> =>
  (await listConfig(ctx.db)).filter((entry) => entry.key !== VAPID_PRIVATE_KEY);

export async function updateSystemConfig(
  ctx: AppContext,
  admin: UserRow,
  key: string,
  value: string,
): Promise<ConfigEntry> {
  if (key === CURRENT_SEASON && !currentSeasonValue.safeParse(value).success) {
    throw badRequest(CURRENT_SEASON_MESSAGE);
  }
  await ctx.db.transaction(async (tx) => {
    await setConfigValue(tx, key, value, admin.id);
    // The log says which setting changed, never its value (it may be a password).
    await recordActivity(tx, { actorId: admin.id, action: "config.updated", details: { key } });
  });
  return { key, value };
}
