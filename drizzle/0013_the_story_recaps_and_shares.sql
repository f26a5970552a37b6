CREATE TABLE "contest_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "contest_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "week_recaps" (
	"contest_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "week_recaps_contest_id_week_user_id_pk" PRIMARY KEY("contest_id","week","user_id")
);
--> statement-breakpoint
ALTER TABLE "contest_shares" ADD CONSTRAINT "contest_shares_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_shares" ADD CONSTRAINT "contest_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_recaps" ADD CONSTRAINT "week_recaps_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_recaps" ADD CONSTRAINT "week_recaps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_shares_one_live_key" ON "contest_shares" USING btree ("contest_id") WHERE "contest_shares"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "week_recaps_user_idx" ON "week_recaps" USING btree ("user_id","contest_id","week");