ALTER TABLE "contests" ADD COLUMN "postseason_multipliers" jsonb;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "predecessor_id" uuid;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_predecessor_id_contests_id_fk" FOREIGN KEY ("predecessor_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contests_one_rematch_key" ON "contests" USING btree ("predecessor_id") WHERE "contests"."predecessor_id" is not null and "contests"."status" <> 'rejected' and "contests"."archived_at" is null;