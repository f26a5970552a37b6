import { z } from "zod";

/** POST /api/admin/feed/sync: one week, one season, or (neither) every unsettled week of the current season. */
export const feedSyncBody = z
  .object({
    season: z
      .number()
      .int()
      .min(2020, "Season must be 2020 or later")
      .max(2030, "Season must be 2030 or earlier"),
    // Weeks 19 to 22 are the postseason's rounds (domain/postseason.ts).
    week: z.number().int().min(1, "Week must be between 1 and 22").max(22, "Week must be between 1 and 22"),
  })
  .partial()
  // A POST without a body (curl -X POST) syncs what an empty object does.
  .nullish();
export type FeedSyncBody = NonNullable<z.infer<typeof feedSyncBody>>;

/** An event of the source that was not applied, and why. */
export const feedSkip = z.object({ eventId: z.string(), reason: z.string() });
export type FeedSkip = z.infer<typeof feedSkip>;

/** A stored game of the fetched weeks that the source no longer lists (kept, reported). */
export const feedMissing = z.object({ gameId: z.uuid(), game: z.string() });
export type FeedMissing = z.infer<typeof feedMissing>;

export const feedSyncResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  graded: z.number().int(),
  skipped: z.array(feedSkip),
  missing: z.array(feedMissing),
});
export type FeedSyncResult = z.infer<typeof feedSyncResult>;

export const feedSyncKind = z.enum(["manual", "live", "lines", "season"]);
export type FeedSyncKind = z.infer<typeof feedSyncKind>;

/** One line of the recent syncs. */
export const feedSyncRecord = feedSyncResult.extend({
  id: z.uuid(),
  kind: feedSyncKind,
  season: z.number().int(),
  weeks: z.array(z.number().int()),
  startedAt: z.string(),
  finishedAt: z.string(),
  error: z.string().nullable(),
});
export type FeedSyncRecord = z.infer<typeof feedSyncRecord>;

/** GET /api/admin/feed. */
export const feedStatus = z.object({
  enabled: z.boolean(),
  source: z.string(),
  lastSyncAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  recent: z.array(feedSyncRecord),
});
export type FeedStatus = z.infer<typeof feedStatus>;
