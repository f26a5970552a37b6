import { isGameAction, RESYNC } from "@/contracts/events";
import type { AppContext } from "../context";
import { findContestAudience, type ChangeNotice } from "../repositories/events.repository";
import type { UserRow } from "../repositories/users.repository";
import { isPlayer } from "./contests.service";

export type Audience = (user: UserRow) => boolean;

/**
 * Who hears of a change (DECISIONS 3): games and scores concern everyone signed in; a contest's
 * changes concern its players (player 2 by e-mail while invited) and the admins, as the contest is
 * now; other changes (accounts, configuration) the admins and the people involved. One query at most.
 */
export async function audienceOf(ctx: AppContext, notice: ChangeNotice): Promise<Audience> {
  if (notice.action === RESYNC || isGameAction(notice.action)) return () => true;
  if (notice.contestId) {
    const contest = await findContestAudience(ctx.db, notice.contestId);
    return (user) => user.isAdmin || (contest !== undefined && isPlayer(contest, user));
  }
  return (user) => user.isAdmin || user.id === notice.actorId || user.id === notice.subjectUserId;
}
