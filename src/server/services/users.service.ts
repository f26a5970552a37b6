import type { ListedUser, UpdateUserBody } from "@/contracts/users";
import type { AppContext } from "../context";
import { readCache } from "../db/read-cache";
import type { Executor } from "../db/client";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import { deleteOtherSessions } from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";

type ListedRow = Awaited<ReturnType<typeof usersRepo.listAllUsers>>[number];

function toListed(row: ListedRow): ListedUser {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

/** Admins see everyone; a player sees themself and the people they share a contest with. */
export async function listUsers(ctx: AppContext, user: UserRow): Promise<ListedUser[]> {
  if (user.isAdmin) return (await usersRepo.listAllUsers(ctx.db)).map(toListed);
  // Every signed-in page asks for it: from memory until a user or a contest changes (read-cache.ts).
  return readCache(ctx.database).through("users", `sharing:${user.id}:${user.email}`, async () =>
    (await usersRepo.listUsersSharingContests(ctx.db, user.id, user.email)).map(toListed),
  );
}

/**
 * A player changes their own names only; an admin changes anyone's names and admin flag, but never
 * removes the last admin. Losing admin rights ends the person's other sessions.
 */
export async function updateUser(
  ctx: AppContext,
  actor: UserRow,
  actorSessionId: string | null,
  id: string,
  body: UpdateUserBody,
): Promise<ListedUser> {
  const updated = await ctx.db.transaction(async (tx) => {
    const target = await usersRepo.findUserById(tx, id);
    if (!target || (!actor.isAdmin && !(await isVisibleTo(tx, actor, id))))
      throw notFound("Player not found.");
    const self = target.id === actor.id;
    const wantsAdminChange = body.isAdmin !== undefined && body.isAdmin !== target.isAdmin;
    if (!actor.isAdmin && !self) throw forbidden("Only admins can edit other players.");
    if (!actor.isAdmin && wantsAdminChange) throw forbidden("Only admins can change admin access.");
    if (wantsAdminChange && body.isAdmin === false) {
      const admins = await usersRepo.lockAdmins(tx);
      if (admins.length <= 1 && admins.includes(target.id)) {
        throw conflict("This is the last administrator: make someone else an admin first.");
      }
    }
    await usersRepo.updateUser(tx, id, {
      firstName: body.firstName,
      lastName: body.lastName,
      ...(wantsAdminChange && { isAdmin: body.isAdmin }),
    });
    if (wantsAdminChange && body.isAdmin === false)
      await deleteOtherSessions(tx, id, self ? actorSessionId : null);
    await recordActivity(tx, {
      actorId: actor.id,
      action: "user.updated",
      subjectUserId: id,
      details: {
        firstName: body.firstName,
        lastName: body.lastName,
        ...(wantsAdminChange && { isAdmin: body.isAdmin }),
      },
    });
    return usersRepo.findListedUser(tx, id);
  });
  return toListed(updated!);
}

async function isVisibleTo(db: Executor, actor: UserRow, id: string): Promise<boolean> {
  const visible = await usersRepo.listUsersSharingContests(db, actor.id, actor.email);
  return visible.some((user) => user.id === id);
}
