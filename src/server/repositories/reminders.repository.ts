import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { reminders } from "../db/schema";

export type NewReminderRow = Required<
  Pick<
    typeof reminders.$inferInsert,
    "userId" | "contestId" | "week" | "about" | "leadMinutes" | "dueAt" | "deadlineAt" | "status"
  >
>;

/**
 * Writes reminders not written before (the unique key: player, contest, week, subject, lead), and
 * answers the statuses of those written. One array per column (`unnest`): a pass's thousands of rows
 * are eight parameters, not eight per row (built one by one through Drizzle, a burst's parameters would hold
 * the server's thread; decision 037).
 */
export async function insertReminders(
  db: Executor,
  rows: readonly NewReminderRow[],
): Promise<{ status: NewReminderRow["status"] }[]> {
  if (rows.length === 0) return [];
  const column = <T>(of: (row: NewReminderRow) => T) => sql.param(rows.map(of));
  return queryRows(
    db,
    sql`insert into ${reminders} (user_id, contest_id, week, about, lead_minutes, due_at, deadline_at, status)
    select * from unnest(
      ${column((row) => row.userId)}::uuid[],
      ${column((row) => row.contestId)}::uuid[],
      ${column((row) => row.week)}::int[],
      ${column((row) => row.about)}::text[],
      ${column((row) => row.leadMinutes)}::int[],
      ${column((row) => row.dueAt.toISOString())}::timestamptz[],
      ${column((row) => row.deadlineAt.toISOString())}::timestamptz[],
      ${column((row) => row.status)}::text[]
    )
    on conflict do nothing
    returning status`,
  );
}
