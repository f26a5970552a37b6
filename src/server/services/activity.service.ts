import { weekInText, weekInTextStart } from "@/domain/postseason";
import type { ActivityEntry, ActivityPage } from "@/contracts/activity";
import { CONTEST_CREATION, CONTEST_CREATION_PASSWORD, CURRENT_SEASON } from "@/contracts/system-config";
import type { AppContext } from "../context";
import { listActivity, type ActivityFilter, type ActivityRow } from "../repositories/activity.repository";
import { plural } from "@/domain/plural";

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

const SETTINGS: Record<string, string> = {
  [CONTEST_CREATION_PASSWORD]: "the contest creation password",
  [CURRENT_SEASON]: "the current season",
  [CONTEST_CREATION]: "who may create contests",
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
    case "contest.rematch":
      return `${who} proposed a rematch of ${contestName ? quoted(contestName) : "a contest"}${subject ? ` to ${subject}` : ""}`;
    case "contest.shared":
      return `${who} shared the season in review of ${contest}`;
    case "contest.share_revoked":
      return `${who} stopped sharing the season in review of ${contest}`;
    case "contest.edited":
      return `${who} edited ${contest}${contestEdits(details.changes)}`;
    case "message.posted":
      return `${who} wrote in the trash talk of ${contest}`;
    case "message.deleted":
      return `${who} deleted a message in the trash talk of ${contest}`;
    case "week.settled":
      return `${week ? weekInTextStart(week) : "Week ?"} of ${contest} was settled`;
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
    case "user.emailed": {
      const about = text(details.subject);
      return `${who} sent an e-mail to ${subject ?? "a player"}${about ? `: ${quoted(about)}` : ""}`;
    }
    case "user.deleted":
      return `${who} deleted their account`;
    case "user.reset_link":
      return `${row.actorName ?? "The command line"} made a password reset link for ${subject ?? "a player"}`;
    case "email.retried": {
      const to = text(details.to);
      return `${who} retried the e-mail ${quoted(text(details.subject) ?? "")}${to ? ` to ${to}` : ""}`;
    }
    case "config.updated":
      return `${who} changed ${SETTINGS[text(details.key) ?? ""] ?? "a setting"}`;
    case "game.created":
      return `${who} added the game ${game}`;
    case "game.updated": {
      const graded = count(details.graded);
      return `${who} edited the game ${game}${graded ? `, grading ${plural(graded, "pick")}` : ""}`;
    }
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
    case "games.synced": {
      const created = count(details.created) ?? 0;
      const updated = count(details.updated) ?? 0;
      const graded = count(details.graded) ?? 0;
      const season = count(details.season);
      return `The data feed updated the games${season ? ` of ${season}` : ""}: ${created} added, ${updated} updated, ${graded} graded`;
    }
    case "game.followed":
      return `${who} set the game ${game} to follow the data feed again`;
    case "picks.submitted": {
      const picks = count(details.count);
      return `${who} submitted ${picks === null ? "picks" : plural(picks, "pick")}${week ? ` for ${weekInText(week)}` : ""}${inContest}`;
    }
    case "first-picker.saved":
      return `${who} made ${subject ?? "a player"} the first picker${week ? ` of ${weekInText(week)}` : ""}${inContest}`;
    case "bet.proposed":
      return `${who} proposed changing the bet to ${betChangeText(details)}${inContest}`;
    case "bet.approved":
    case "bet.rejected": {
      const verb = row.action === "bet.approved" ? "approved" : "rejected";
      const whose = subject ? `${subject}’s` : "a";
      return `${who} ${verb} ${whose} bet change to ${betChangeText(details)}${inContest}`;
    }
    case "bet.set":
      return `${who} set the bet to ${betChangeText(details)}${inContest}`;
    case "proposal.created":
      return `${who} proposed ${game} as an extra game${week ? ` for ${weekInText(week)}` : ""}${inContest}`;
    case "proposal.accepted":
    case "proposal.rejected": {
      const verb = row.action === "proposal.accepted" ? "accepted" : "rejected";
      const whose = subject ? `${subject}’s` : "a";
      return `${who} ${verb} ${whose} proposal of ${game} as an extra game${week ? ` for ${weekInText(week)}` : ""}${inContest}`;
    }
    default:
      return generic(who, row.action, inContest, subject);
  }
}

const betText = (amount: unknown) => {
  const dollars = count(amount);
  return dollars === null ? "another amount" : dollars === 0 ? "Free" : `$${dollars}/week`;
};

/** The options of play as an edit's log names them. */
const OPTION_LABELS = [
  ["tiebreaker", "tiebreaker"],
  ["lockOfTheWeek", "lock of the week"],
  ["potRollover", "pot rollover"],
] as const;

/** ": renamed from “Old”; picks per week 2 to 3; bet $25/week to Free from week 4" (contest.edited). */
function contestEdits(changes: unknown): string {
  if (!changes || typeof changes !== "object") return "";
  const edits = changes as Record<string, { from?: unknown; to?: unknown; fromWeek?: unknown } | undefined>;
  const { name, description, maxPicksPerPlayer, bet, rounds } = changes as Record<
    string,
    { from?: unknown; to?: unknown; fromWeek?: unknown } | undefined
  >;
  const parts: string[] = [];
  if (name) parts.push(`renamed from ${quoted(text(name.from) ?? "")}`);
  if (description) parts.push("description changed");
  if (maxPicksPerPlayer)
    parts.push(`picks per week ${count(maxPicksPerPlayer.from)} to ${count(maxPicksPerPlayer.to)}`);
  if (rounds) {
    const fromWeek = count(rounds.fromWeek);
    const to = Array.isArray(rounds.to)
      ? `${rounds.to.length} custom ${rounds.to.length === 1 ? "round" : "rounds"}`
      : "one round";
    parts.push(`rounds to ${to}${fromWeek ? ` from week ${fromWeek}` : ""}`);
  }
  for (const [option, label] of OPTION_LABELS) {
    const change = edits[option];
    if (!change) continue;
    const fromWeek = count(change.fromWeek);
    parts.push(`${label} ${change.to ? "on" : "off"}${fromWeek ? ` from week ${fromWeek}` : ""}`);
  }
  if (edits.postseason) parts.push(`postseason ${edits.postseason.to ? "on" : "off"}`);
  const multipliers = edits.postseasonMultipliers?.to;
  if (Array.isArray(multipliers)) {
    parts.push(`postseason bets ${multipliers.map((multiplier) => `${count(multiplier)}×`).join(", ")}`);
  }
  if (bet) {
    const fromWeek = count(bet.fromWeek);
    parts.push(`bet ${betText(bet.from)} to ${betText(bet.to)}${fromWeek ? ` from week ${fromWeek}` : ""}`);
  }
  return parts.length ? `: ${parts.join("; ")}` : "";
}

/** "$40/week from week 3", "Free from week 5" (bet.proposed, bet.approved, bet.rejected, bet.set). */
function betChangeText(details: Record<string, unknown>): string {
  const amount = count(details.newAmount);
  const fromWeek = count(details.fromWeek);
  const bet = amount === null ? "a new amount" : amount === 0 ? "Free" : `$${amount}/week`;
  return `${bet}${fromWeek ? ` from week ${fromWeek}` : ""}`;
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
