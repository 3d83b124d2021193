CREATE TABLE "block_list_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"owner_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_list_hashes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"bits" bit(256) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_hashes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"media_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"quality" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refused_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"media_id" uuid,
	"entry_id" uuid,
	"kind" text NOT NULL,
	"distance" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_list_entries" ADD CONSTRAINT "block_list_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_list_entries" ADD CONSTRAINT "block_list_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_list_hashes" ADD CONSTRAINT "block_list_hashes_entry_id_block_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."block_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_hashes" ADD CONSTRAINT "media_hashes_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_uploads" ADD CONSTRAINT "refused_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_uploads" ADD CONSTRAINT "refused_uploads_entry_id_block_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."block_list_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_list_entries_created_at_idx" ON "block_list_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "block_list_hashes_entry_id_idx" ON "block_list_hashes" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "media_hashes_media_id_idx" ON "media_hashes" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "refused_uploads_created_at_idx" ON "refused_uploads" USING btree ("created_at","id");