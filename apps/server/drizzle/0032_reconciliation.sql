CREATE TABLE "reconciliation_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"run_id" uuid,
	"kind" text NOT NULL,
	"gateway_order_id" text,
	"cutroom_order_id" uuid,
	"amount_paise" integer,
	"found" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "origin" text DEFAULT 'cutroom' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_cutroom_order_id_orders_id_fk" FOREIGN KEY ("cutroom_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_findings_key_uq" ON "reconciliation_findings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_created_idx" ON "reconciliation_findings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" in ('PENDING', 'ONHOLD');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_origin_ck" CHECK ("refunds"."origin" in ('cutroom', 'gateway', 'duplicate_payment'));