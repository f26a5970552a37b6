CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"contest_id" uuid,
	"subject_user_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"from_week" integer NOT NULL,
	"new_amount" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "bet_changes_amount" CHECK ("bet_changes"."new_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"player1_id" uuid NOT NULL,
	"player2_id" uuid,
	"player2_email" text NOT NULL,
	"bet_amount" integer DEFAULT 0 NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"season" integer NOT NULL,
	"start_week" integer DEFAULT 1 NOT NULL,
	"total_weeks" integer DEFAULT 18 NOT NULL,
	"max_picks_per_player" integer DEFAULT 2 NOT NULL,
	"winner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "contests_bet_nonnegative" CHECK ("contests"."bet_amount" >= 0),
	CONSTRAINT "contests_max_picks_positive" CHECK ("contests"."max_picks_per_player" >= 1)
);
--> statement-breakpoint
CREATE TABLE "first_picker_assignments" (
	"contest_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"first_picker_id" uuid NOT NULL,
	"is_manual_override" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_picker_assignments_contest_id_week_pk" PRIMARY KEY("contest_id","week")
);
--> statement-breakpoint
CREATE TABLE "game_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"proposed_by" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"game_date" timestamp with time zone NOT NULL,
	"spread" numeric(4, 1),
	"over_under" numeric(4, 1),
	"favorite_team" text,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_teams_differ" CHECK ("games"."home_team" <> "games"."away_team"),
	CONSTRAINT "games_scores_nonnegative" CHECK (coalesce("games"."home_score", 0) >= 0 and coalesce("games"."away_score", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"market" text NOT NULL,
	"side" text NOT NULL,
	"line_spread" numeric(4, 1),
	"line_favorite" text,
	"line_total" numeric(4, 1),
	"result" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picks_side_matches_market" CHECK (("picks"."market" = 'spread' and "picks"."side" in ('favorite', 'underdog')) or ("picks"."market" = 'total' and "picks"."side" in ('over', 'under')))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"conference" text,
	"division" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "teams_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_changes" ADD CONSTRAINT "bet_changes_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_changes" ADD CONSTRAINT "bet_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_player1_id_users_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_player2_id_users_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_picker_assignments" ADD CONSTRAINT "first_picker_assignments_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_picker_assignments" ADD CONSTRAINT "first_picker_assignments_first_picker_id_users_id_fk" FOREIGN KEY ("first_picker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_picker_assignments" ADD CONSTRAINT "first_picker_assignments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_proposals" ADD CONSTRAINT "game_proposals_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_proposals" ADD CONSTRAINT "game_proposals_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_proposals" ADD CONSTRAINT "game_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_home_team_teams_code_fk" FOREIGN KEY ("home_team") REFERENCES "public"."teams"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_away_team_teams_code_fk" FOREIGN KEY ("away_team") REFERENCES "public"."teams"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_subject_idx" ON "activity" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_contest_idx" ON "activity" USING btree ("contest_id","created_at");--> statement-breakpoint
CREATE INDEX "bet_changes_contest_idx" ON "bet_changes" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "contests_player1_idx" ON "contests" USING btree ("player1_id");--> statement-breakpoint
CREATE INDEX "contests_player2_idx" ON "contests" USING btree ("player2_id");--> statement-breakpoint
CREATE INDEX "contests_player2_email_idx" ON "contests" USING btree (lower("player2_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "game_proposals_contest_game_key" ON "game_proposals" USING btree ("contest_id","game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_matchup_key" ON "games" USING btree ("season","week","home_team","away_team");--> statement-breakpoint
CREATE INDEX "games_season_week_idx" ON "games" USING btree ("season","week","game_date");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "picks_player_game_market_key" ON "picks" USING btree ("contest_id","user_id","game_id","market");--> statement-breakpoint
CREATE UNIQUE INDEX "picks_game_side_key" ON "picks" USING btree ("contest_id","game_id","market","side");--> statement-breakpoint
CREATE INDEX "picks_contest_week_idx" ON "picks" USING btree ("contest_id","week");--> statement-breakpoint
CREATE INDEX "picks_game_idx" ON "picks" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));