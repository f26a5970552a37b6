CREATE TABLE "tiebreak_guesses" (
	"contest_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"guess" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiebreak_guesses_contest_id_week_user_id_pk" PRIMARY KEY("contest_id","week","user_id"),
	CONSTRAINT "tiebreak_guesses_guess_range" CHECK ("tiebreak_guesses"."guess" between 0 and 200)
);
--> statement-breakpoint
DROP INDEX "reminders_once_key";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rule_plans" jsonb;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "about" text DEFAULT 'picks' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiebreak_guesses" ADD CONSTRAINT "tiebreak_guesses_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiebreak_guesses" ADD CONSTRAINT "tiebreak_guesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once_key" ON "reminders" USING btree ("user_id","contest_id","week","about","lead_minutes");