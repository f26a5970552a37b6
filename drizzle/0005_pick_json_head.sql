-- Issue 19 (decision 042): each pick's JSON as the API sends it, up to its result
-- (`{"id":…,"createdAt":"…"`), written when the pick is (a trigger, whoever writes it) and read as
-- is by a contest's first weekly results, which wrote it for every pick at each read (to_char,
-- to_json: most of the statement's time). A grade writes the result only, which the column leaves
-- out: the trigger does not run for it. Existing picks are filled in (the update below runs it).
ALTER TABLE "picks" ADD COLUMN "json_head" text;
--> statement-breakpoint
CREATE FUNCTION "picks_json_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_head := concat('{"id":"', NEW.id, '","contestId":"', NEW.contest_id, '","userId":"', NEW.user_id,
    '","gameId":"', NEW.game_id, '","week":', NEW.week, ',"round":', NEW.round,
    ',"market":"', NEW.market, '","side":"', NEW.side,
    '","lineSpread":', coalesce(to_json(NEW.line_spread::text)::text, 'null'),
    ',"lineFavorite":', coalesce(to_json(NEW.line_favorite)::text, 'null'),
    ',"lineTotal":', coalesce(to_json(NEW.line_total::text)::text, 'null'),
    ',"createdAt":"', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '"');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "picks_json_head" BEFORE INSERT OR UPDATE OF "id", "contest_id", "user_id", "game_id", "week",
  "round", "market", "side", "line_spread", "line_favorite", "line_total", "created_at"
  ON "picks" FOR EACH ROW EXECUTE FUNCTION "picks_json_head"();
--> statement-breakpoint
UPDATE "picks" SET "created_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "picks" ALTER COLUMN "json_head" SET NOT NULL;
