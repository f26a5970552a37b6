import { z } from "zod";

export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 100;

const person = z.object({ id: z.uuid(), name: z.string() });

/** One line of the activity log, as GET /api/admin/activity lists it. */
export const activityEntry = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** "contest.created", "picks.submitted", ...: the client picks an icon by the part before the dot. */
  action: z.string(),
  /** Null for what the app did by itself (a contest completing). */
  actor: person.nullable(),
  contestId: z.uuid().nullable(),
  contestName: z.string().nullable(),
  subjectUser: person.nullable(),
  details: z.record(z.string(), z.unknown()),
  /** A sentence for people: "Ada Admin archived the contest “Sunday Showdown”". */
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/** GET /api/admin/activity: newest first; `userId` keeps what that person did or what was done to them. */
export const activityQuery = z.object({
  userId: z.uuid("Player not found.").optional(),
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${ACTIVITY_PAGE_MAX}` })
    .int(`Limit must be between 1 and ${ACTIVITY_PAGE_MAX}`)
    .min(1, `Limit must be between 1 and ${ACTIVITY_PAGE_MAX}`)
    .max(ACTIVITY_PAGE_MAX, `Limit must be between 1 and ${ACTIVITY_PAGE_MAX}`)
    .default(ACTIVITY_PAGE_DEFAULT),
  /** Only entries older than this moment: the previous page's `nextCursor`. */
  before: z.iso.datetime({ error: "Before must be an ISO 8601 UTC time" }).optional(),
});
export type ActivityQuery = z.input<typeof activityQuery>;

export const activityPage = z.object({
  entries: z.array(activityEntry),
  /** Pass as `before` for the next page; null when there is nothing older. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPage>;
