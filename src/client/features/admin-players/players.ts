import type { ListedUser } from "@/contracts/users";
import { plural } from "@/domain/plural";

/** Players whose full name or e-mail contains the search text, case-insensitively. */
export function filterPlayers(users: ListedUser[], search: string): ListedUser[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((user) =>
    [`${user.firstName} ${user.lastName}`, user.email].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** Total Players, Active Players (in at least one contest), Administrators. */
export function playerStats(users: ListedUser[]) {
  return {
    total: users.length,
    active: users.filter((user) => user.contestsCount > 0).length,
    admins: users.filter((user) => user.isAdmin).length,
  };
}

export const contestsLabel = (count: number) => plural(count, "contest");
