ALTER TYPE "public"."moderation_source" ADD VALUE 'settlement_reason';--> statement-breakpoint
ALTER TYPE "public"."contact_refusal_place" ADD VALUE 'settlement_reason' BEFORE 'review';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'settlement_proposed' BEFORE 'password_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'settlement_answered' BEFORE 'password_changed';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_proposed_by" "order_side";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_amount_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_respond_by" timestamp with time zone;