ALTER TABLE "messages" ADD COLUMN "tip_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tip_amount" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tip_currency" text;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tip_payment_key" ON "messages" USING btree ("tip_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_payments_fan_idempotency_key" ON "fan_payments" USING btree ("fan_id","idempotency_key") WHERE "fan_payments"."idempotency_key" is not null;