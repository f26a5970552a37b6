import { isGameAction, RESYNC } from "@/contracts/events";
import type { AppContext } from "../context";
import { findContestAudiences, type ChangeNotice } from "../repositories/events.repository";
import type { UserRow } from "../repositories/users.repository";
import { isPlayer } from "./contests.service";

export type Audience = (user: UserRow) => boolean;

const everyone: Audience = () => true;

/**
 * Who hears of each change (DECISIONS 3): games and scores concern everyone signed in; a contest's
 * changes concern its players (player 2 by e-mail while invited) and the admins, as the contest is
 * now; other changes (accounts, configuration) the admins and the people involved. One query at
 * most for the whole batch (the notices of many picks arrive together: decision 013).
 */
export async function audiencesOf(ctx: AppContext, notices: readonly ChangeNotice[]): Promise<Audience[]> {
  const concernsEveryone = (notice: ChangeNotice) => notice.action === RESYNC || isGameAction(notice.action);
  const contestIds = new Set(
    notices.flatMap((notice) => (!concernsEveryone(notice) && notice.contestId ? [notice.contestId] : [])),
  );
  const contests = await findContestAudiences(ctx.db, [...contestIds]);
  return notices.map((notice): Audience => {
    if (concernsEveryone(notice)) return everyone;
    if (notice.contestId) {
      const contest = contests.get(notice.contestId);
      return (user) => user.isAdmin || (contest !== undefined && isPlayer(contest, user));
    }
    return (user) => user.isAdmin || user.id === notice.actorId || user.id === notice.subjectUserId;
  });
}
