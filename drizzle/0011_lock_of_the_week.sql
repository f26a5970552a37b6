-- The lock of the week (docs/rules.md, "Contest options"): a pick may be its player's lock, one a
-- week at most, which counts two wins or two losses.
ALTER TABLE "picks" ADD COLUMN "is_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "picks_one_lock_key" ON "picks" USING btree ("contest_id","week","user_id") WHERE "picks"."is_lock";--> statement-breakpoint
-- A lock's stored JSON says so (`"isLock":true` after the lines, as the API writes it); every other
-- pick's stays as it was, so no existing row is written again.
CREATE OR REPLACE FUNCTION "picks_json_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_head := concat('{"id":"', NEW.id, '","gameId":"', NEW.game_id,
    '","market":"', NEW.market, '","side":"', NEW.side,
    '","lineSpread":', coalesce(to_json(NEW.line_spread::text)::text, 'null'),
    ',"lineFavorite":', coalesce(to_json(NEW.line_favorite)::text, 'null'),
    ',"lineTotal":', coalesce(to_json(NEW.line_total::text)::text, 'null'),
    CASE WHEN NEW.is_lock THEN ',"isLock":true' ELSE '' END);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "picks_json_head" ON "picks";
--> statement-breakpoint
CREATE TRIGGER "picks_json_head" BEFORE INSERT OR UPDATE OF "id", "game_id", "market", "side",
  "line_spread", "line_favorite", "line_total", "is_lock"
  ON "picks" FOR EACH ROW EXECUTE FUNCTION "picks_json_head"();
