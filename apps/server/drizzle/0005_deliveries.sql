CREATE TYPE "public"."delivery_status" AS ENUM('sent', 'changes_requested', 'approved');--> statement-breakpoint
CREATE TYPE "public"."delivery_preview_status" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"editor_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"tier" "tier_title" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "delivery_status" DEFAULT 'sent' NOT NULL,
	"changes_note" text,
	"decided_at" timestamp with time zone,
	"original_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"media_kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"preview_status" "delivery_preview_status" DEFAULT 'processing' NOT NULL,
	"preview_key" text,
	"poster_key" text,
	"preview_error" text,
	"preview_job_id" uuid,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_preview_job_id_jobs_id_fk" FOREIGN KEY ("preview_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_room_number_uq" ON "deliveries" USING btree ("room_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_payment_uq" ON "deliveries" USING btree ("payment_id") WHERE "deliveries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_pair_unpaid_idx" ON "deliveries" USING btree ("creator_id","editor_id","decided_at") WHERE "deliveries"."status" = 'approved' and "deliveries"."payment_id" is null;