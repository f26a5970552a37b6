import type { ListedUser, UpdateUserBody } from "@/contracts/users";
import type { AppContext } from "../context";
import { Batcher } from "../db/batcher";
import { readCache } from "../db/read-cache";
import type { Database, Executor } from "../db/client";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import { deleteOtherSessions } from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";
import { visibleContestsData } from "./contest-data.service";

type ListedRow = Awaited<ReturnType<typeof usersRepo.listAllUsers>>[number];

function toListed(row: ListedRow): ListedUser {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

/** People as lists show them, by id, read many at once (a crowd's first pages: one statement per 100). */
const listedLoaders = new WeakMap<Database, Batcher<string, ListedRow>>();

function listedLoader(ctx: AppContext): Batcher<string, ListedRow> {
  let loader = listedLoaders.get(ctx.database);
  if (!loader) {
    loader = new Batcher(
      async (ids) => new Map((await usersRepo.findListedUsers(ctx.db, ids)).map((row) => [row.id, row])),
      { concurrency: ctx.database.kind === "pglite" ? 1 : 3, maxBatch: 100 },
    );
    listedLoaders.set(ctx.database, loader);
  }
  return loader;
}

/** By last name, then first name, as the database's C collation orders them (code points). */
const byName = (a: ListedRow, b: ListedRow) =>
  compare(a.lastName, b.lastName) || compare(a.firstName, b.firstName) || compare(a.id, b.id);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Admins see everyone; a player sees themself and the people they share a (not archived) contest
 * with: their opponents in the contests they see, invitations by e-mail included.
 */
export async function listUsers(ctx: AppContext, user: UserRow): Promise<ListedUser[]> {
  if (user.isAdmin) return (await usersRepo.listAllUsers(ctx.db)).map(toListed);
  // Every signed-in page asks for it: from memory until a user or a contest changes (read-cache.ts),
  // made from the player's contests (in memory too) and the people in them, read together.
  return readCache(ctx.database).through("users", `sharing:${user.id}:${user.email}`, async () => {
    const ids = new Set([user.id]);
    for (const { contest } of await visibleContestsData(ctx, user)) {
      const other = contest.player1Id === user.id ? contest.player2Id : contest.player1Id;
      if (other) ids.add(other);
    }
    const rows = await Promise.all([...ids].map((id) => listedLoader(ctx).load(id)));
    return rows
      .flatMap((row) => row ?? [])
      .sort(byName)
      .map(toListed);
  });
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
