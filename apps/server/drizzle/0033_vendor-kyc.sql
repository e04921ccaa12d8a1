ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_vendor_state_ck";--> statement-breakpoint
DROP INDEX "payout_accounts_failed_idx";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "gateway_status" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "gateway_remarks" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "gateway_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_sent" text;--> statement-breakpoint
ALTER TABLE "sim_vendors" ADD COLUMN "kyc" jsonb;--> statement-breakpoint
CREATE INDEX "payout_accounts_failed_idx" ON "payout_accounts" USING btree ("editor_id") WHERE "payout_accounts"."vendor_state" in ('failed', 'action_required');--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_vendor_state_ck" CHECK ("payout_accounts"."vendor_state" in ('not_created', 'pending', 'in_review', 'action_required', 'active', 'blocked', 'failed'));