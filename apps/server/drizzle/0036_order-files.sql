CREATE TYPE "public"."order_file_kind" AS ENUM('footage', 'delivery');--> statement-breakpoint
CREATE TYPE "public"."order_file_status" AS ENUM('uploading', 'checking', 'ready', 'rejected', 'expired');--> statement-breakpoint
CREATE TABLE "order_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "order_file_kind" NOT NULL,
	"status" "order_file_status" DEFAULT 'uploading' NOT NULL,
	"uploader_id" uuid NOT NULL,
	"uploader_role" text NOT NULL,
	"tus_id" text NOT NULL,
	"name" text NOT NULL,
	"claimed_type" text,
	"size_bytes" bigint NOT NULL,
	"storage_key" text,
	"mime_type" text,
	"sha256" text,
	"video" jsonb,
	"rejected_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_files_tus_uq" ON "order_files" USING btree ("tus_id");--> statement-breakpoint
CREATE INDEX "order_files_order_idx" ON "order_files" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_files_open_idx" ON "order_files" USING btree ("status","expires_at");