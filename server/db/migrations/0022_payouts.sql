CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"units_per_usd_micros" bigint NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" uuid
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_user_id" uuid NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"last4" text NOT NULL,
	"account_name" text NOT NULL,
	"recipient_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"creator_user_id" uuid PRIMARY KEY NOT NULL,
	"schedule" text DEFAULT 'on_request' NOT NULL,
	"weekday" integer,
	"minimum_cents" bigint,
	"automatic_hold_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "payouts_one_open_per_creator_key";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "origin" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reference" text;--> statement-breakpoint
-- Payouts made before this migration (all by hand) get a reference from their id.
UPDATE "payouts" SET "reference" = 'payout_' || replace("id"::text, '-', '');--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payout_account_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "local_amount" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "local_currency" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rate_micros" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fee" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "initiated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "last_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "payouts" SET "updated_at" = coalesce("paid_at", "requested_at");--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_set_at_idx" ON "exchange_rates" USING btree ("currency","set_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_one_current_per_creator_key" ON "payout_accounts" USING btree ("creator_user_id") WHERE "payout_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "payout_accounts_creator_created_at_idx" ON "payout_accounts" USING btree ("creator_user_id","created_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_in_flight_per_creator_key" ON "payouts" USING btree ("creator_user_id") WHERE "payouts"."status" in ('requested', 'sending', 'pending', 'otp');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_creator_idempotency_key" ON "payouts" USING btree ("creator_user_id","idempotency_key") WHERE "payouts"."idempotency_key" is not null;