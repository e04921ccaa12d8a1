CREATE TABLE "gateway_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cf_dispute_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"gateway_order_id" text NOT NULL,
	"cutroom_order_id" uuid,
	"cf_payment_id" text,
	"dispute_type" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"rank" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason_code" text,
	"reason_description" text,
	"remarks" text,
	"respond_by" timestamp with time zone,
	"gateway_updated_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_disputes_outcome_ck" CHECK ("gateway_disputes"."outcome" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "gateway_disputes" ADD CONSTRAINT "gateway_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_disputes" ADD CONSTRAINT "gateway_disputes_cutroom_order_id_orders_id_fk" FOREIGN KEY ("cutroom_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_disputes_cf_dispute_uq" ON "gateway_disputes" USING btree ("cf_dispute_id");--> statement-breakpoint
CREATE INDEX "gateway_disputes_order_idx" ON "gateway_disputes" USING btree ("cutroom_order_id");