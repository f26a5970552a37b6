CREATE TABLE "contest_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_messages_body_length" CHECK (char_length("contest_messages"."body") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "line_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"spread" numeric(4, 1),
	"favorite_team" text,
	"over_under" numeric(4, 1),
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_messages" ADD CONSTRAINT "contest_messages_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_messages" ADD CONSTRAINT "contest_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_moves" ADD CONSTRAINT "line_moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_messages_contest_idx" ON "contest_messages" USING btree ("contest_id","created_at");--> statement-breakpoint
CREATE INDEX "line_moves_game_idx" ON "line_moves" USING btree ("game_id","moved_at");