CREATE TABLE "feed_state" (
	"source" text PRIMARY KEY NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"next_sync_at" timestamp with time zone,
	"last_season_sync_at" timestamp with time zone,
	"last_lines_sync_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"season" integer NOT NULL,
	"weeks" integer[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"graded" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "period" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "clock" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "external_source" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "pinned" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "feed_syncs_started_idx" ON "feed_syncs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_external_key" ON "games" USING btree ("external_source","external_id");