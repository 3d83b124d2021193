-- A post is showable when it is published (not a draft, not waiting for its scheduled time, not
-- expired) and embeds a video or its media finished processing. The same two triggers as
-- 0010_post_showable, now also run on a change of the post's status.
CREATE OR REPLACE FUNCTION "posts_set_showable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."showable" := NEW."status" = 'published' AND (NEW."youtube_id" IS NOT NULL OR EXISTS (
    SELECT 1 FROM "media" WHERE "media"."id" = NEW."media_id" AND "media"."status" = 'ready'
  ));
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "posts_showable" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_showable" BEFORE INSERT OR UPDATE OF "media_id", "youtube_id", "status" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "posts_set_showable"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "media_sync_post_showable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts"
  SET "showable" = ("posts"."status" = 'published' AND ("posts"."youtube_id" IS NOT NULL OR NEW."status" = 'ready'))
  WHERE "posts"."media_id" = NEW."id"
    AND "posts"."showable" IS DISTINCT FROM
      ("posts"."status" = 'published' AND ("posts"."youtube_id" IS NOT NULL OR NEW."status" = 'ready'));
  RETURN NULL;
END
$$;
