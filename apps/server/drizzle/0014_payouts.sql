ALTER TYPE "public"."notification_kind" ADD VALUE 'payout_details_changed' BEFORE 'support_ticket';--> statement-breakpoint
CREATE TABLE "order_earnings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"editor_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"gross_paise" integer NOT NULL,
	"fee_percent" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"share_paise" integer NOT NULL,
	"clearing_seconds" integer NOT NULL,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"editor_refunded_paise" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"clears_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"split_state" text DEFAULT 'none' NOT NULL,
	"split_paise" integer,
	"split_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_earnings_amounts_ck" CHECK ("order_earnings"."commission_paise" + "order_earnings"."share_paise" = "order_earnings"."gross_paise")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"editor_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_holder" text NOT NULL,
	"details_sealed" text NOT NULL,
	"masked" text NOT NULL,
	"vendor_id" text NOT NULL,
	"vendor_state" text DEFAULT 'not_created' NOT NULL,
	"vendor_error" text,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payout_adjustments_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"editor_id" uuid NOT NULL,
	"order_id" uuid,
	"amount_paise" integer NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_balances" (
	"editor_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "payout_balances_editor_id_account_pk" PRIMARY KEY("editor_id","account")
);
--> statement-breakpoint
CREATE TABLE "payout_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"editor_id" uuid NOT NULL,
	"order_id" uuid,
	"settlement_id" uuid,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"editor_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"gateway_settlement_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"utr" text,
	"reason" text,
	"initiated_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"retried_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 70001 CACHE 1),
	"vendor_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"utr" text,
	"reason" text,
	"initiated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_vendor_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_vendor_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"eligible_at" timestamp with time zone NOT NULL,
	"settlement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_vendors" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"remarks" text,
	"destination" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "vendor_split_paise" integer;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD CONSTRAINT "order_earnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD CONSTRAINT "order_earnings_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD CONSTRAINT "order_earnings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_adjustments" ADD CONSTRAINT "payout_adjustments_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_adjustments" ADD CONSTRAINT "payout_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_balances" ADD CONSTRAINT "payout_balances_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_ledger" ADD CONSTRAINT "payout_ledger_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_ledger" ADD CONSTRAINT "payout_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settlements" ADD CONSTRAINT "payout_settlements_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_settlements" ADD CONSTRAINT "sim_settlements_vendor_id_sim_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."sim_vendors"("vendor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_vendor_movements" ADD CONSTRAINT "sim_vendor_movements_vendor_id_sim_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."sim_vendors"("vendor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_earnings_editor_paid_idx" ON "order_earnings" USING btree ("editor_id","paid_at","order_id");--> statement-breakpoint
CREATE INDEX "order_earnings_split_state_idx" ON "order_earnings" USING btree ("split_state") WHERE "order_earnings"."split_state" in ('waiting', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "payout_adjustments_number_uq" ON "payout_adjustments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_ledger_event_account_uq" ON "payout_ledger" USING btree ("event_key","account");--> statement-breakpoint
CREATE INDEX "payout_ledger_editor_account_idx" ON "payout_ledger" USING btree ("editor_id","account");--> statement-breakpoint
CREATE INDEX "payout_ledger_order_idx" ON "payout_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payout_ledger_created_idx" ON "payout_ledger" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_settlements_gateway_uq" ON "payout_settlements" USING btree ("gateway_settlement_id");--> statement-breakpoint
CREATE INDEX "payout_settlements_editor_idx" ON "payout_settlements" USING btree ("editor_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_settlements_created_idx" ON "payout_settlements" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_vendor_movements_kind_ref_uq" ON "sim_vendor_movements" USING btree ("kind","reference","vendor_id");--> statement-breakpoint
CREATE INDEX "sim_vendor_movements_unsettled_idx" ON "sim_vendor_movements" USING btree ("vendor_id","eligible_at") WHERE "sim_vendor_movements"."settlement_id" is null;
--> statement-breakpoint
-- The ledger is a record: lines are added, never changed or removed.
CREATE OR REPLACE FUNCTION payout_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payout_ledger is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payout_ledger_no_update BEFORE UPDATE OR DELETE ON "payout_ledger"
  FOR EACH ROW EXECUTE FUNCTION payout_ledger_immutable();
