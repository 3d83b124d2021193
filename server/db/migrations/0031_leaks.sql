CREATE TABLE "photo_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"media_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedowns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_user_id" uuid NOT NULL,
	"media_id" uuid,
	"delivery_id" uuid,
	"traced_user_id" uuid,
	"found_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_deliveries" ADD CONSTRAINT "photo_deliveries_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_deliveries" ADD CONSTRAINT "photo_deliveries_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_delivery_id_photo_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."photo_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_traced_user_id_users_id_fk" FOREIGN KEY ("traced_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_deliveries_media_viewer_key" ON "photo_deliveries" USING btree ("media_id","viewer_id");--> statement-breakpoint
CREATE INDEX "photo_deliveries_viewer_id_idx" ON "photo_deliveries" USING btree ("viewer_id");--> statement-breakpoint
CREATE INDEX "takedowns_creator_user_id_created_at_idx" ON "takedowns" USING btree ("creator_user_id","created_at");--> statement-breakpoint
CREATE INDEX "takedowns_created_at_idx" ON "takedowns" USING btree ("created_at");