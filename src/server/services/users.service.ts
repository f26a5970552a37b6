import type { ListedUser, PlayerRecord, UpdateUserBody } from "@/contracts/users";
import type { AppContext } from "../context";
import { Batcher, itself } from "../db/batcher";
import { readCache } from "../db/read-cache";
import type { Database, Executor } from "../db/client";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import { deleteOtherSessions } from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";
import type { ContestResultsData } from "../repositories/contest-results.repository";
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
      { concurrency: ctx.database.kind === "pglite" ? 1 : 3, maxBatch: 100, keyOf: itself },
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
 * A person as lists show them, from memory (the users topic, `listed:<id>`), else read with others
 * asked for meanwhile. Cleared with the users topic, as the lists made of them are: a change to a
 * user, and every change to the contests (the contests count).
 */
const listedKey = (id: string) => `listed:${id}`;
const listedRow = (ctx: AppContext, id: string) =>
  readCache(ctx.database).through("users", listedKey(id), () => listedLoader(ctx).load(id));

/**
 * The player's own row as lists show it, made of what the request already holds: their user (the
 * session's, read with it) and the contests they see (their contests count: those not rejected in
 * which they play, as `contestsCount` counts in SQL). A page view on an instance that has not seen
 * the player yet then waits for no read of them but their session and contests.
 */
function ownListedRow(user: UserRow, visible: readonly ContestResultsData[]): ListedRow {
  const { id, firstName, lastName, email, isAdmin, createdAt, lastActiveAt } = user;
  const contestsCount = visible.filter(
    ({ contest }) => contest.status !== "rejected" && (contest.player1Id === id || contest.player2Id === id),
  ).length;
  return { id, firstName, lastName, email, isAdmin, createdAt, lastActiveAt, contestsCount };
}

/**
 * Admins see everyone; a player sees themself and the people they share a (not archived) contest
 * with: their opponents in the contests they see, invitations by e-mail included.
 */
export async function listUsers(ctx: AppContext, user: UserRow): Promise<ListedUser[]> {
  if (user.isAdmin) return (await usersRepo.listAllUsers(ctx.db)).map(toListed);
  // Every signed-in page asks for it: from memory until a user or a contest changes (read-cache.ts),
  // made from the player's contests (in memory too) and the people in them.
  const cache = readCache(ctx.database);
  return cache.through("users", `sharing:${user.id}:${user.email}`, async () => {
    const version = cache.version("users");
    const visible = await visibleContestsData(ctx, user);
    const own = ownListedRow(user, visible);
    // Kept for the lists of the people they play: an opponent seen here then reads nothing of them.
    cache.put("users", listedKey(user.id), own, version);
    const others = new Set<string>();
    for (const { contest } of visible) {
      const other = contest.player1Id === user.id ? contest.player2Id : contest.player1Id;
      if (other && other !== user.id) others.add(other);
    }
    const rows = await Promise.all([...others].map((id) => listedRow(ctx, id)));
    return [own, ...rows.flatMap((row) => row ?? [])].sort(byName).map(toListed);
  });
}

/**
 * A player's record, for anyone who finds them in the list of people (`listUsers`): an admin, the
 * player themself, someone they share a contest with. Anyone else: not found.
 */
export async function playerRecord(ctx: AppContext, viewer: UserRow, id: string): Promise<PlayerRecord> {
  const target = await usersRepo.findUserById(ctx.db, id);
  if (!target || !(await findsPerson(ctx.db, viewer, id))) throw notFound("Player not found.");
  return usersRepo.pickRecord(ctx.db, id);
}

/**
 * Whether `viewer` finds person `id` in their list of people (`listUsers`): an admin finds anyone, a
 * player themself and the people they share a contest with.
 */
async function findsPerson(db: Executor, viewer: UserRow, id: string): Promise<boolean> {
  return viewer.isAdmin || viewer.id === id || usersRepo.sharesAContest(db, viewer, id);
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
    const self = target?.id === actor.id;
    if (!target || target.deletedAt || !(await findsPerson(tx, actor, id)))
      throw notFound("Player not found.");
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
