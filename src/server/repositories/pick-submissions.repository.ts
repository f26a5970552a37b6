// The pick submission's write: one statement storing a player's picks only if their contest has
// not moved since they were checked, and the notices after its commit.
import { sql } from "drizzle-orm";
import type { PushPayload } from "@/contracts/notifications";
import type { Database } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { clearOnNotice, notices } from "../db/read-cache";
import { activity, contests, notificationSettings, outbox, picks, pushSubscriptions } from "../db/schema";
import { activityCreatedAt } from "./activity.repository";
import { outboxStatus, type NewEmail } from "./outbox.repository";
import { changeNoticePayload, EVENTS_CHANNEL } from "./events.repository";
import type { PickRow } from "./picks.repository";

type RawPick = {
  [
    K in keyof PickRow as K extends
      "contestId" | "userId" | "gameId" | "lineSpread" | "lineFavorite" | "lineTotal" | "isLock" | "createdAt"
      ? never
      : K
  ]: PickRow[K];
} & {
  contest_id: string;
  user_id: string;
  game_id: string;
  line_spread: string | null;
  line_favorite: string | null;
  line_total: string | null;
  is_lock: boolean;
  created_at: string | Date;
};

/**
 * The pick write, for a group of submissions in distinct contests (`$1`: one JSON object each, `k`
 * its place in the group): moves each contest's revision on where it is still the one read, then
 * from the contests so moved logs each submission, puts its mail in the outbox if it has one (the
 * "your turn" e-mail) and inserts its picks. All or nothing, in one statement; a submission whose
 * revision moved stores nothing and returns no rows. The activity lines take times of their own, in
 * the group's order (`activityCreatedAt`, then a microsecond each).
 */
const insertPicksGroup = preparedStatement<RawPick>(
  "picks_insert_group",
  () => sql`with input as materialized (
      select * from json_to_recordset(${sql.placeholder("group")}::json) as s(k int, contest_id uuid,
        revision int, user_id uuid, opponent_id uuid, week int, round int, details jsonb, picks json,
        mail_kind text, mail_to text, mail_subject text, mail_text text, mail_status text,
        mail_user uuid, mail_email boolean, push_payload jsonb)
    ), guard as (
      update ${contests} c set revision = c.revision + 1
      from input s
      -- The ids as an array too: by the primary key, not a scan of every contest.
      where c.id = any(array(select contest_id from input)) and c.id = s.contest_id and c.revision = s.revision
      returning s.*
    ), logged as (
      insert into ${activity} (actor_id, action, contest_id, subject_user_id, details, created_at)
      select g.user_id, 'picks.submitted', g.contest_id, g.opponent_id, g.details,
        (select ${activityCreatedAt}) + g.k * interval '1 microsecond'
      from guard g
    ), mailed as (
      -- The recipient's settings: a kind is on for a channel unless set false (notification_settings).
      insert into ${outbox} (kind, to_address, subject, body, status)
      select g.mail_kind, g.mail_to, g.mail_subject, g.mail_text, g.mail_status
      from guard g left join ${notificationSettings} ns on ns.user_id = g.mail_user
      where g.mail_kind is not null and g.mail_email is not false
        and (ns.email ->> g.mail_kind) is distinct from 'false'
    ), pushed as (
      insert into ${outbox} (kind, channel, push_subscription_id, payload, to_address, subject, body, status)
      select g.mail_kind, 'push', ps.id, g.push_payload, g.mail_to, g.push_payload ->> 'title',
        g.push_payload ->> 'body', 'queued'
      from guard g join ${pushSubscriptions} ps on ps.user_id = g.mail_user
        left join ${notificationSettings} ns on ns.user_id = g.mail_user
      where g.push_payload is not null and (ns.push ->> g.mail_kind) is distinct from 'false'
    )
    insert into ${picks} (contest_id, user_id, game_id, week, round, market, side, line_spread, line_favorite,
      line_total, is_lock)
    select g.contest_id, g.user_id, p.game_id, g.week, g.round, p.market, p.side,
      p.line_spread, p.line_favorite, p.line_total, coalesce(p.is_lock, false)
    from guard g, json_to_recordset(g.picks)
      as p(game_id uuid, market text, side text, line_spread numeric, line_favorite text, line_total numeric,
        is_lock boolean)
    returning *`,
);

export type NewPick = Pick<
  PickRow,
  "gameId" | "market" | "side" | "lineSpread" | "lineFavorite" | "lineTotal"
> & { isLock?: boolean };

export interface PicksSubmission {
  contestId: string;
  revision: number;
  userId: string;
  opponentId: string;
  week: number;
  round: number;
  picks: NewPick[];
  /** A notice to put in the outbox with the picks: the mail (as `queueEmail` does; no reply-to), and push rows. */
  mail?: Omit<NewEmail, "replyTo" | "headers"> & {
    deliver: boolean;
    /** The recipient, whose notification settings decide the channels; the push message for their devices. */
    userId?: string;
    push?: PushPayload;
    /** False: push only, no e-mail (the opponent's picks). */
    email?: boolean;
  };
}

/**
 * Stores one player's picks of a week with the activity line that records them, in one statement,
 * if the contest's revision is still `revision` (moving it on); null when it has moved: something
 * changed since the submission was checked, which must be checked again. Each submission is its
 * own statement and commit (decision 061). Once it has committed, `picksSubmitted` tells the caches and the open pages.
 */
export function insertPicksIfUnchanged(
  database: Database,
  submission: PicksSubmission,
): Promise<PickRow[] | null> {
  return insertGroup(database, [submission]).then(([stored]) => stored ?? null);
}

async function insertGroup(database: Database, group: PicksSubmission[]): Promise<(PickRow[] | null)[]> {
  const rows = await insertPicksGroup(database.db, {
    group: JSON.stringify(
      group.map((submission, k) => ({
        k,
        contest_id: submission.contestId,
        revision: submission.revision,
        user_id: submission.userId,
        opponent_id: submission.opponentId,
        week: submission.week,
        round: submission.round,
        details: { week: submission.week, count: submission.picks.length },
        picks: submission.picks.map((pick) => ({
          game_id: pick.gameId,
          market: pick.market,
          side: pick.side,
          line_spread: pick.lineSpread,
          line_favorite: pick.lineFavorite,
          line_total: pick.lineTotal,
          ...(pick.isLock && { is_lock: true }),
        })),
        ...(submission.mail && {
          mail_kind: submission.mail.kind,
          mail_to: submission.mail.to,
          mail_subject: submission.mail.subject,
          mail_text: submission.mail.text,
          mail_status: outboxStatus(submission.mail.deliver),
          mail_user: submission.mail.userId ?? null,
          mail_email: submission.mail.email ?? true,
          push_payload: submission.mail.push ?? null,
        }),
      })),
    ),
  });
  const stored = new Map<string, PickRow[]>();
  for (const row of rows) {
    const pick = toPickRow(row);
    const list = stored.get(pick.contestId);
    if (list) list.push(pick);
    else stored.set(pick.contestId, [pick]);
  }
  return group.map((submission) => stored.get(submission.contestId) ?? null);
}

function toPickRow(row: RawPick): PickRow {
  return {
    id: row.id,
    contestId: row.contest_id,
    userId: row.user_id,
    gameId: row.game_id,
    week: row.week,
    round: row.round,
    market: row.market,
    side: row.side,
    lineSpread: row.line_spread,
    lineFavorite: row.line_favorite,
    lineTotal: row.line_total,
    isLock: row.is_lock,
    result: row.result,
    createdAt: new Date(row.created_at),
  };
}

/**
 * After picks committed: clears the contest's cached entries here and queues the notices that clear
 * them on the other instances and update open pages, sent after the commit
 * (docs/decisions/013-pick-notices-after-commit.md).
 */
export function picksSubmitted(
  database: Database,
  input: { contestId: string; userId: string; opponentId: string; week: number },
): void {
  clearOnNotice(database, { contest: input.contestId });
  notices(database).send(
    EVENTS_CHANNEL,
    changeNoticePayload({
      action: "picks.submitted",
      contestId: input.contestId,
      actorId: input.userId,
      subjectUserId: input.opponentId,
      week: input.week,
    }),
  );
}
