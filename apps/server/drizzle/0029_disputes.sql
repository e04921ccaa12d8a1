CREATE TYPE "public"."dispute_decision" AS ENUM('full_refund', 'partial_refund', 'release', 'cancel_no_refund');--> statement-breakpoint
CREATE TYPE "public"."dispute_reason" AS ENUM('not_as_described', 'quality', 'late', 'no_response', 'payment', 'other');--> statement-breakpoint
CREATE TYPE "public"."dispute_status" AS ENUM('awaiting_response', 'answered', 'with_admins', 'decided', 'settled', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."moderation_source" ADD VALUE 'dispute_statement';--> statement-breakpoint
ALTER TYPE "public"."contact_refusal_place" ADD VALUE 'dispute_statement' BEFORE 'review';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'dispute_opened' BEFORE 'password_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'dispute_updated' BEFORE 'password_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'dispute_decided' BEFORE 'password_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'dispute_escalated';--> statement-breakpoint
CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"side" "order_side" NOT NULL,
	"message_id" uuid,
	"delivery_id" uuid,
	"summary" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_one_kind" CHECK (("dispute_evidence"."message_id" is null) <> ("dispute_evidence"."delivery_id" is null))
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"opened_by" "order_side" NOT NULL,
	"opened_by_id" uuid NOT NULL,
	"reason" "dispute_reason" NOT NULL,
	"statement" text NOT NULL,
	"status" "dispute_status" DEFAULT 'awaiting_response' NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"response_statement" text,
	"responded_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"decision" "dispute_decision",
	"decision_amount_paise" integer,
	"decision_note" text,
	"decided_by_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_decided_has_decision" CHECK (("disputes"."status" = 'decided') = ("disputes"."decision" is not null and "disputes"."decision_note" is not null)),
	CONSTRAINT "disputes_partial_has_amount" CHECK (("disputes"."decision" = 'partial_refund') = ("disputes"."decision_amount_paise" is not null and "disputes"."decision_amount_paise" > 0))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disputes_lost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_earnings" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_order_uq" ON "disputes" USING btree ("order_id") WHERE "disputes"."status" in ('awaiting_response', 'answered', 'with_admins');--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at","id");--> statement-breakpoint
-- Completed orders may be disputed for 14 days after completion (the default window).
UPDATE "orders" SET "disputable_until" = "completed_at" + interval '14 days' WHERE "status" = 'completed' AND "completed_at" IS NOT NULL;
