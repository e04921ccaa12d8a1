CREATE TYPE "public"."payment_status" AS ENUM('INITIATED', 'SUCCESS', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('PENDING', 'SUCCESS', 'CANCELLED', 'ONHOLD');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"cf_order_id" text,
	"cf_payment_id" text,
	"payment_session_id" text NOT NULL,
	"status" "payment_status" DEFAULT 'INITIATED' NOT NULL,
	"amount_paise" integer NOT NULL,
	"plan_type" "tier_title" NOT NULL,
	"creator_id" uuid NOT NULL,
	"editor_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"creator_note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_gateway_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"event_type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"note" text NOT NULL,
	"status" "refund_status" DEFAULT 'PENDING' NOT NULL,
	"cf_refund_id" text,
	"created_by_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_uq" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_creator_created_idx" ON "payments" USING btree ("creator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_editor_created_idx" ON "payments" USING btree ("editor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_initiated_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'INITIATED';--> statement-breakpoint
CREATE INDEX "payments_pair_success_idx" ON "payments" USING btree ("creator_id","editor_id","paid_at") WHERE "payments"."status" = 'SUCCESS';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_id_uq" ON "refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id","created_at");