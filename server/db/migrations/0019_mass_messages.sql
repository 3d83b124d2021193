CREATE TABLE "fan_list_members" (
	"list_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_list_members_list_id_fan_id_pk" PRIMARY KEY("list_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "fan_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_message_items" (
	"mass_message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "mass_message_items_mass_message_id_position_pk" PRIMARY KEY("mass_message_id","position")
);
--> statement-breakpoint
CREATE TABLE "mass_message_recipients" (
	"mass_message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" uuid,
	CONSTRAINT "mass_message_recipients_mass_message_id_user_id_pk" PRIMARY KEY("mass_message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mass_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sender_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"list_id" uuid,
	"audience_name" text,
	"body" text NOT NULL,
	"price_cents" bigint,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fan_list_members" ADD CONSTRAINT "fan_list_members_list_id_fan_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."fan_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_list_members" ADD CONSTRAINT "fan_list_members_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_lists" ADD CONSTRAINT "fan_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_items" ADD CONSTRAINT "mass_message_items_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_items" ADD CONSTRAINT "mass_message_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_recipients" ADD CONSTRAINT "mass_message_recipients_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_recipients" ADD CONSTRAINT "mass_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_recipients" ADD CONSTRAINT "mass_message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_list_id_fan_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."fan_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_list_members_fan_idx" ON "fan_list_members" USING btree ("fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_lists_owner_name_key" ON "fan_lists" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mass_message_recipients_message_idx" ON "mass_message_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mass_messages_sender_idx" ON "mass_messages" USING btree ("sender_id","id");