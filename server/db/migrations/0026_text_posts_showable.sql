-- A text post (no media and no embed: its description is the post) is showable once published.
-- The same trigger function as 0016_post_schedule_showable, with that third case; the media
-- trigger only touches posts with media, so it is unchanged.
CREATE OR REPLACE FUNCTION "posts_set_showable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."showable" := NEW."status" = 'published' AND (
    NEW."youtube_id" IS NOT NULL
    OR NEW."media_id" IS NULL
    OR EXISTS (SELECT 1 FROM "media" WHERE "media"."id" = NEW."media_id" AND "media"."status" = 'ready')
  );
  RETURN NEW;
END
$$;
