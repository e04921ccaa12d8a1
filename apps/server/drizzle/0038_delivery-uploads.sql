ALTER TABLE "deliveries" ALTER COLUMN "size_bytes" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "note" text;