import { isGameAction, RESYNC } from "@/contracts/events";
import type { AppContext } from "../context";
import { findContestAudiences, type ChangeNotice } from "../repositories/events.repository";
import type { UserRow } from "../repositories/users.repository";
import { isPlayer } from "./contests.service";
import { contestsTouchedBy } from "./game-changes";

/**
 * Who hears of a change: a test of each user; and, unless everyone may, `keys`: the only users
 * besides the admins who can pass it (`userKeys`), so that a change to one contest is told by
 * looking up its players' streams, not by testing 10,000 (a final settles thousands of weeks).
 */
export type Audience = ((user: UserRow) => boolean) & { keys?: readonly string[] };

const everyone: Audience = () => true;

/** A user as `Audience.keys` name them: by account, and by e-mail (an invited player 2 without one yet). */
export const userKeys = (user: Pick<UserRow, "id" | "email">): [string, string] => [
  idKey(user.id),
  emailKey(user.email),
];
const idKey = (id: string) => `id:${id}`;
const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const audience = (hears: (user: UserRow) => boolean, keys: readonly string[]): Audience =>
  Object.assign(hears, { keys });

/**
 * Who hears of each change (docs/rules.md, "Live updates"): games and scores concern everyone signed in; a contest's
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
      const keys = !contest
        ? []
        : [
            idKey(contest.player1Id),
            contest.player2Id ? idKey(contest.player2Id) : emailKey(contest.player2Email),
          ];
      return audience((user) => user.isAdmin || (contest !== undefined && isPlayer(contest, user)), keys);
    }
    return audience(
      (user) => user.isAdmin || user.id === notice.actorId || user.id === notice.subjectUserId,
      [notice.actorId, notice.subjectUserId].flatMap((id) => (id ? [idKey(id)] : [])),
    );
  });
}

/**
 * Of a score update, the contests whose standings moved that a user sees: "all" for an admin; and
 * every contest whose standings moved (`contestIds`).
 */
export type StandingsMoved = ((user: UserRow) => string[] | "all") & { contestIds: readonly string[] };

/**
 * A score update's contests, by user: the contests its graded games touch (`contestsTouchedBy`, the
 * rule the read cache's clear follows too), each told to its two players; an admin is told "all".
 * One query, none when nothing was graded.
 */
export async function standingsMovedBy(ctx: AppContext, notice: ChangeNotice): Promise<StandingsMoved> {
  const graded = notice.graded ?? [];
  const byUser = new Map<string, string[]>();
  const contestIds: string[] = [];
  if (graded.length > 0) {
    for (const [id, contest] of await contestsTouchedBy(ctx.db, { graded })) {
      contestIds.push(id);
      for (const userId of [contest.player1Id, contest.player2Id]) {
        if (userId === null) continue;
        const list = byUser.get(userId);
        if (list) list.push(id);
        else byUser.set(userId, [id]);
      }
    }
  }
  const moved = (user: UserRow) =>
    user.isAdmin ? (graded.length > 0 ? "all" : []) : (byUser.get(user.id) ?? []);
  return Object.assign(moved, { contestIds });
}
