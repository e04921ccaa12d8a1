ALTER TYPE "public"."notification_kind" ADD VALUE 'files_expiring';--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "retention_notice_at" timestamp with time zone;