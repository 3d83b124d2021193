CREATE TABLE "fan_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fan_id" uuid NOT NULL,
	"creator_user_id" uuid NOT NULL,
	"creator_id" uuid,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"purpose" text NOT NULL,
	"plan" text,
	"post_id" uuid,
	"subscription_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"fee_amount" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"authorization_url" text,
	"provider_transaction_id" text,
	"authorization_code" text,
	"customer_code" text,
	"card_brand" text,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"refund_status" text,
	"refund_amount" bigint,
	"refund_claimed_at" timestamp with time zone,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"charged_back_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_transactions" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"hidden_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hidden_transactions_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"paid_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "fan_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "plan" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "current_period_start" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "authorization_code" text;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD CONSTRAINT "fan_payments_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD CONSTRAINT "fan_payments_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD CONSTRAINT "fan_payments_creator_id_creator_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD CONSTRAINT "fan_payments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_payments" ADD CONSTRAINT "fan_payments_subscription_id_creator_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."creator_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_transactions" ADD CONSTRAINT "hidden_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_payments_provider_reference_key" ON "fan_payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_payments_one_pending_unlock_key" ON "fan_payments" USING btree ("fan_id","post_id") WHERE "fan_payments"."purpose" = 'post_unlock' and "fan_payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "fan_payments_one_pending_subscription_key" ON "fan_payments" USING btree ("fan_id","creator_user_id") WHERE "fan_payments"."purpose" = 'subscription_start' and "fan_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fan_payments_fan_id_created_at_idx" ON "fan_payments" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE INDEX "fan_payments_creator_user_id_idx" ON "fan_payments" USING btree ("creator_user_id");--> statement-breakpoint
CREATE INDEX "fan_payments_subscription_id_idx" ON "fan_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "fan_payments_status_created_at_idx" ON "fan_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fan_payments_refund_status_idx" ON "fan_payments" USING btree ("refund_status") WHERE "fan_payments"."refund_status" in ('owed', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_per_creator_key" ON "payouts" USING btree ("creator_user_id") WHERE "payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "payouts_creator_user_id_requested_at_idx" ON "payouts" USING btree ("creator_user_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_requested_at_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_fan_payment_id_fan_payments_id_fk" FOREIGN KEY ("fan_payment_id") REFERENCES "public"."fan_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_fan_payment_kind_key" ON "ledger_transactions" USING btree ("fan_payment_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payout_kind_key" ON "ledger_transactions" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_at_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "creator_subscriptions_creator_started_idx" ON "creator_subscriptions" USING btree ("creator_id","started_at");--> statement-breakpoint
CREATE INDEX "creator_subscriptions_status_period_end_idx" ON "creator_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "post_purchases_fan_created_idx" ON "post_purchases" USING btree ("fan_id","created_at");