CREATE TABLE "editor_tax_profiles" (
	"editor_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"state_code" text NOT NULL,
	"pan_sealed" text,
	"pan_masked" text,
	"aadhaar_sealed" text,
	"aadhaar_masked" text,
	"gstin_sealed" text,
	"gstin_masked" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_tax_profiles_entity_ck" CHECK ("editor_tax_profiles"."entity_type" in ('individual', 'huf', 'company', 'firm', 'other')),
	CONSTRAINT "editor_tax_profiles_pan_ck" CHECK (("editor_tax_profiles"."pan_sealed" is null) = ("editor_tax_profiles"."pan_masked" is null)),
	CONSTRAINT "editor_tax_profiles_aadhaar_ck" CHECK (("editor_tax_profiles"."aadhaar_sealed" is null) = ("editor_tax_profiles"."aadhaar_masked" is null)),
	CONSTRAINT "editor_tax_profiles_gstin_ck" CHECK (("editor_tax_profiles"."gstin_sealed" is null) = ("editor_tax_profiles"."gstin_masked" is null))
);
--> statement-breakpoint
CREATE TABLE "order_tax_assessments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"editor_id" uuid NOT NULL,
	"assessed_at" timestamp (3) with time zone NOT NULL,
	"financial_year" text NOT NULL,
	"gross_paise" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"platform_state_code" text NOT NULL,
	"editor_state_code" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"registered" boolean NOT NULL,
	"gst_rate_ppm" integer NOT NULL,
	"gst_cgst_paise" integer NOT NULL,
	"gst_sgst_paise" integer NOT NULL,
	"gst_igst_paise" integer NOT NULL,
	"tcs_rate_ppm" integer NOT NULL,
	"tcs_cgst_paise" integer NOT NULL,
	"tcs_sgst_paise" integer NOT NULL,
	"tcs_igst_paise" integer NOT NULL,
	"tds_rate_ppm" integer NOT NULL,
	"tds_paise" integer NOT NULL,
	"tds_reason" text NOT NULL,
	"tds_section" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rate_ppm" integer,
	"amount_paise" integer,
	"effective_from" date NOT NULL,
	"section" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "tax_rates_value_ck" CHECK (("tax_rates"."rate_ppm" is null) <> ("tax_rates"."amount_paise" is null))
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_series_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"refers_to_id" uuid,
	"source_key" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_ck" CHECK ("tax_documents"."kind" in ('receipt', 'receipt_credit_note', 'commission_invoice', 'commission_credit_note')),
	CONSTRAINT "tax_documents_total_ck" CHECK ("tax_documents"."taxable_paise" + "tax_documents"."tax_paise" = "tax_documents"."total_paise")
);
--> statement-breakpoint
ALTER TABLE "order_earnings" DROP CONSTRAINT "order_earnings_amounts_ck";--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "gst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "tcs_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "tds_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "gst_refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "tcs_refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "tds_refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "editor_tax_profiles" ADD CONSTRAINT "editor_tax_profiles_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_assessments" ADD CONSTRAINT "order_tax_assessments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_assessments" ADD CONSTRAINT "order_tax_assessments_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tax_assessments_editor_fy_idx" ON "order_tax_assessments" USING btree ("editor_id","financial_year");--> statement-breakpoint
CREATE INDEX "order_tax_assessments_assessed_idx" ON "order_tax_assessments" USING btree ("assessed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_kind_from_uq" ON "tax_rates" USING btree ("kind","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_seq_uq" ON "tax_documents" USING btree ("series","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_source_uq" ON "tax_documents" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "tax_documents_party_idx" ON "tax_documents" USING btree ("party_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "order_earnings" ADD CONSTRAINT "order_earnings_amounts_ck" CHECK ("order_earnings"."commission_paise" + "order_earnings"."gst_paise" + "order_earnings"."tcs_paise" + "order_earnings"."tds_paise" + "order_earnings"."share_paise" = "order_earnings"."gross_paise");--> statement-breakpoint
-- The rates and thresholds in force since the platform's rules began (issue 27); apps/server/src/modules/tax/rate-history.ts holds the same rows, and a test checks the two agree. A new notification is a new row in a new migration.
INSERT INTO "tax_rates" ("kind", "rate_ppm", "amount_paise", "effective_from", "section", "source") VALUES
('gst_on_commission', 180000, NULL, '2017-07-01', 'CGST Act, 2017 s.9 and IGST Act, 2017 s.5; SAC 9985 (support services)', 'Notification 11/2017-Central Tax (Rate)'),
('tcs_registered', 10000, NULL, '2018-10-01', 'CGST Act, 2017 s.52', 'Notification 52/2018-Central Tax (0.5 % CGST + 0.5 % SGST/UTGST)'),
('tcs_registered', 5000, NULL, '2024-07-10', 'CGST Act, 2017 s.52', 'Notification 15/2024-Central Tax (0.25 % CGST + 0.25 % SGST/UTGST)'),
('tds_ecommerce', 10000, NULL, '2020-10-01', 'Income-tax Act, 1961 s.194-O', 'Finance Act, 2020'),
('tds_ecommerce', 1000, NULL, '2024-10-01', 'Income-tax Act, 1961 s.194-O', 'Finance (No. 2) Act, 2024'),
('tds_ecommerce_no_pan', 50000, NULL, '2020-10-01', 'Income-tax Act, 1961 s.206AA(1A)', 'Finance Act, 2020'),
('tds_exemption_limit', NULL, 50000000, '2020-10-01', 'Income-tax Act, 1961 s.194-O(2)', 'Finance Act, 2020'),
('tds_ecommerce', 1000, NULL, '2026-04-01', 'Income-tax Act, 2025 (successor of s.194-O; confirm the section number)', 'Income-tax Act, 2025'),
('tds_ecommerce_no_pan', 50000, NULL, '2026-04-01', 'Income-tax Act, 2025 (successor of s.194-O with s.206AA(1A); confirm the section number)', 'Income-tax Act, 2025'),
('tds_exemption_limit', NULL, 50000000, '2026-04-01', 'Income-tax Act, 2025 (successor of s.194-O(2); confirm the section number)', 'Income-tax Act, 2025');
