DROP INDEX "posts_rank_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "showable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "showable" = ("youtube_id" IS NOT NULL OR EXISTS (
  SELECT 1 FROM "media" WHERE "media"."id" = "posts"."media_id" AND "media"."status" = 'ready'
));--> statement-breakpoint
-- A post is showable when it embeds a video or its media finished processing. The column is kept
-- by the database itself: on every insert or change of a post's media or embed (including the
-- media_id set to null when its media is deleted) ...
CREATE FUNCTION "posts_set_showable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."showable" := NEW."youtube_id" IS NOT NULL OR EXISTS (
    SELECT 1 FROM "media" WHERE "media"."id" = NEW."media_id" AND "media"."status" = 'ready'
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_showable" BEFORE INSERT OR UPDATE OF "media_id", "youtube_id" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "posts_set_showable"();--> statement-breakpoint
-- ... and on every change of a media item's status, for the posts that use it.
CREATE FUNCTION "media_sync_post_showable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "showable" = ("posts"."youtube_id" IS NOT NULL OR NEW."status" = 'ready')
  WHERE "posts"."media_id" = NEW."id"
    AND "posts"."showable" IS DISTINCT FROM ("posts"."youtube_id" IS NOT NULL OR NEW."status" = 'ready');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "media_post_showable" AFTER UPDATE OF "status" ON "media"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "media_sync_post_showable"();--> statement-breakpoint
CREATE INDEX "posts_creator_rank_idx" ON "posts" USING btree ("creator_id","rank_score" desc,"id" desc) WHERE "posts"."showable";--> statement-breakpoint
CREATE INDEX "posts_creator_showable_id_idx" ON "posts" USING btree ("creator_id","id" desc) WHERE "posts"."showable";--> statement-breakpoint
CREATE INDEX "posts_rank_idx" ON "posts" USING btree ("rank_score" desc,"id" desc) WHERE "posts"."showable";
