CREATE TABLE "message_items" (
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "message_items_message_id_position_pk" PRIMARY KEY("message_id","position")
);
--> statement-breakpoint
CREATE TABLE "message_purchases" (
	"fan_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_purchases_fan_id_message_id_pk" PRIMARY KEY("fan_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "price_cents" bigint;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "message_items" ADD CONSTRAINT "message_items_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_items" ADD CONSTRAINT "message_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_purchases" ADD CONSTRAINT "message_purchases_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_purchases" ADD CONSTRAINT "message_purchases_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_items_media_id_idx" ON "message_items" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "message_purchases_fan_created_idx" ON "message_purchases" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE INDEX "message_purchases_payment_idx" ON "message_purchases" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "fan_payments" ADD CONSTRAINT "fan_payments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_payments_one_pending_message_unlock_key" ON "fan_payments" USING btree ("fan_id","message_id") WHERE "fan_payments"."purpose" = 'message_unlock' and "fan_payments"."status" = 'pending';