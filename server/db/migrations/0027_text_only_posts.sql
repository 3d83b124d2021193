ALTER TABLE "posts" ADD COLUMN "text_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A text post is one made as words only (text_only), not one whose media was deleted since: that
-- one stays hidden. The trigger function of 0026, with its third case narrowed to text_only.
CREATE OR REPLACE FUNCTION "posts_set_showable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."showable" := NEW."status" = 'published' AND (
    NEW."youtube_id" IS NOT NULL
    OR NEW."text_only"
    OR EXISTS (SELECT 1 FROM "media" WHERE "media"."id" = NEW."media_id" AND "media"."status" = 'ready')
  );
  RETURN NEW;
END
$$;
