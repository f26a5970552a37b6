import { STARTING_DATA_PATHS } from "@/contracts/constants";
import type { AppContext } from "../context";
import type { UserRow } from "../repositories/users.repository";
import { toUserJson } from "./auth.service";
import { listContests } from "./contests.service";
import { seasonInfo } from "./season.service";
import { listUsers } from "./users.service";

/**
 * What every signed-in screen starts from, as its GETs answer it, by their paths (the client's query
 * keys): the user, their contests, the season and the people they share contests with. A player's
 * page carries it (plugins/client.ts), so that a page view is its document and its screen's own
 * reads, not four more requests between them (decision 050). An admin's is every contest
 * (thousands, tens of ms): their page names the four as fetch preloads instead, and its document
 * is not held up by them.
 */
export async function startingDataJson(ctx: AppContext, user: UserRow): Promise<string | undefined> {
  if (user.isAdmin) return undefined;
  const [contests, season, users] = await Promise.all([
    listContests(ctx, user),
    seasonInfo(ctx),
    listUsers(ctx, user),
  ]);
  const answers: Record<(typeof STARTING_DATA_PATHS)[number], string> = {
    "/api/auth/user": toUserJson(user),
    "/api/contests": JSON.stringify(contests),
    "/api/season": JSON.stringify(season),
    "/api/users": JSON.stringify(users),
  };
  const json = `{${STARTING_DATA_PATHS.map((path) => `${JSON.stringify(path)}:${answers[path]}`).join(",")}}`;
  // Written into an HTML script element: no text of a user's (a contest's name) may close it.
  return json.replace(/</g, "\\u003c");
}
