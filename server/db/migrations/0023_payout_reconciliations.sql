CREATE TABLE "payout_reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"compared" integer NOT NULL,
	"differences" jsonb NOT NULL,
	"balances" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_reconciliations_ran_at_idx" ON "payout_reconciliations" USING btree ("ran_at");