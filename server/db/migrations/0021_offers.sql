CREATE TABLE "creator_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"trial_days" integer,
	"discount_percent" integer,
	"audience" text,
	"max_claims" integer,
	"ends_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_claims" (
	"offer_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_id" uuid,
	"period_end" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_claims_offer_id_fan_id_pk" PRIMARY KEY("offer_id","fan_id")
);
--> statement-breakpoint
ALTER TABLE "fan_payments" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "creator_offers" ADD CONSTRAINT "creator_offers_creator_id_creator_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_offer_id_creator_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."creator_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_offers_code_key" ON "creator_offers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "creator_offers_creator_idx" ON "creator_offers" USING btree ("creator_id","id");