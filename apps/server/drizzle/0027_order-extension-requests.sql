ALTER TYPE "public"."moderation_source" ADD VALUE 'extension_reason';--> statement-breakpoint
ALTER TYPE "public"."contact_refusal_place" ADD VALUE 'extension_reason' BEFORE 'review';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'extension_requested' BEFORE 'password_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'extension_answered' BEFORE 'password_changed';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_respond_by" timestamp with time zone;