-- Issue 19 (decision 056): a pick as the API reads it says what was picked, at what line, and its
-- result and game. Its contest, player and week are said by where it is read (the URL, the list
-- it is in, its game's week), its round stays with the server, and when it was made no screen
-- shows. The pick's stored JSON (drizzle/0005_pick_json_head.sql) leaves them out; existing picks
-- are written again (the update below runs the trigger).
CREATE OR REPLACE FUNCTION "picks_json_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_head := concat('{"id":"', NEW.id, '","gameId":"', NEW.game_id,
    '","market":"', NEW.market, '","side":"', NEW.side,
    '","lineSpread":', coalesce(to_json(NEW.line_spread::text)::text, 'null'),
    ',"lineFavorite":', coalesce(to_json(NEW.line_favorite)::text, 'null'),
    ',"lineTotal":', coalesce(to_json(NEW.line_total::text)::text, 'null'));
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "picks_json_head" ON "picks";
--> statement-breakpoint
CREATE TRIGGER "picks_json_head" BEFORE INSERT OR UPDATE OF "id", "game_id", "market", "side",
  "line_spread", "line_favorite", "line_total"
  ON "picks" FOR EACH ROW EXECUTE FUNCTION "picks_json_head"();
--> statement-breakpoint
UPDATE "picks" SET "market" = "market";
