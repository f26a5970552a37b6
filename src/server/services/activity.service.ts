import type { ActivityEntry, ActivityPage } from "@/contracts/activity";
import { CONTEST_CREATION_PASSWORD, CURRENT_SEASON } from "@/contracts/system-config";
import type { AppContext } from "../context";
import { listActivity, type ActivityFilter, type ActivityRow } from "../repositories/activity.repository";

/** The log, newest first, a page at a time. Admins only: the route checks. */
export async function listActivityPage(ctx: AppContext, filter: ActivityFilter): Promise<ActivityPage> {
  // One row more than asked says whether an older page exists.
  const rows = await listActivity(ctx.db, { ...filter, limit: filter.limit + 1 });
  const page = rows.slice(0, filter.limit);
  const hasMore = rows.length > filter.limit;
  return { entries: page.map(toEntry), nextCursor: hasMore ? page.at(-1)!.cursor : null };
}

function toEntry(row: ActivityRow): ActivityEntry {
  const actor = row.actorId ? { id: row.actorId, name: row.actorName ?? "" } : null;
  const subjectUser = row.subjectId ? { id: row.subjectId, name: row.subjectName ?? "" } : null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor,
    contestId: row.contestId,
    contestName: row.contestName,
    subjectUser,
    details: row.details,
    summary: summarize(row),
  };
}

const quoted = (name: string) => `“${name}”`;
const text = (value: unknown) => (typeof value === "string" && value ? value : null);
const count = (value: unknown) => (typeof value === "number" ? value : null);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const SETTINGS: Record<string, string> = {
  [CONTEST_CREATION_PASSWORD]: "the contest creation password",
  [CURRENT_SEASON]: "the current season",
};

/** "Ada Admin archived the contest “Sunday Showdown”": one sentence per kind of change. */
export function summarize(row: ActivityRow): string {
  const who = row.actorName ?? "The app";
  const details = row.details;
  const contestName = row.contestName ?? text(details.name);
  const contest = contestName ? `the contest ${quoted(contestName)}` : "a contest";
  const inContest = contestName ? ` in ${quoted(contestName)}` : "";
  const subject = row.subjectName;
  const game = text(details.game) ?? "a game";
  const week = count(details.week);

  switch (row.action) {
    case "contest.created": {
      const opponent = subject ?? text(details.player2Email);
      return `${who} created ${contest}${opponent ? ` and challenged ${opponent}` : ""}`;
    }
    case "contest.accepted":
      return `${who} accepted ${contest}`;
    case "contest.rejected":
      return `${who} rejected ${contest}`;
    case "contest.archived":
      return `${who} archived ${contest}`;
    case "contest.completed": {
      const ending = row.winnerName
        ? `: ${row.winnerName} won`
        : details.winnerId === null
          ? " in a tie"
          : "";
      return `${contestName ? quoted(contestName) : "A contest"} finished${ending}`;
    }
    case "user.updated":
      return userUpdated(who, row);
    case "config.updated":
      return `${who} changed ${SETTINGS[text(details.key) ?? ""] ?? "a setting"}`;
    case "game.created":
      return `${who} added the game ${game}`;
    case "game.updated":
      return `${who} edited the game ${game}`;
    case "game.deleted":
      return `${who} deleted the game ${game}`;
    case "game.scored": {
      const graded = count(details.graded);
      return `${who} scored the game ${game}${graded ? `, grading ${plural(graded, "pick")}` : ""}`;
    }
    case "games.imported": {
      const created = count(details.created) ?? 0;
      const updated = count(details.updated) ?? 0;
      return `${who} imported games from a CSV file: ${created} added, ${updated} updated`;
    }
    case "picks.submitted": {
      const picks = count(details.count);
      return `${who} submitted ${picks === null ? "picks" : plural(picks, "pick")}${week ? ` for week ${week}` : ""}${inContest}`;
    }
    case "first-picker.saved":
      return `${who} made ${subject ?? "a player"} the first picker${week ? ` of week ${week}` : ""}${inContest}`;
    default:
      return generic(who, row.action, inContest, subject);
  }
}

function userUpdated(who: string, row: ActivityRow): string {
  const self = row.actorId !== null && row.actorId === row.subjectId;
  const subject = row.subjectName ?? "a player";
  if (row.details.isAdmin === true) return `${who} made ${subject} an admin`;
  if (row.details.isAdmin === false) return `${who} removed admin access from ${subject}`;
  return self ? `${who} updated their profile` : `${who} updated the profile of ${subject}`;
}

/** A kind of change with no sentence of its own yet: "Ada Admin: bet change proposed in “Rivals”". */
function generic(who: string, action: string, inContest: string, subject: string | null): string {
  const words = action.replace(/[._-]+/g, " ").trim() || "change";
  return `${who}: ${words}${inContest}${subject ? ` (${subject})` : ""}`;
}
