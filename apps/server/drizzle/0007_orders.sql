CREATE TYPE "public"."order_actor" AS ENUM('creator', 'editor', 'admin', 'system');--> statement-breakpoint
CREATE TYPE "public"."order_side" AS ENUM('creator', 'editor');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('offer', 'tier');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('offered', 'declined', 'withdrawn', 'expired', 'awaiting_payment', 'in_progress', 'delivered', 'changes_requested', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" "order_actor" NOT NULL,
	"actor_id" uuid,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1),
	"room_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"editor_id" uuid NOT NULL,
	"source" "order_source" NOT NULL,
	"tier" "tier_title",
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_paise" integer NOT NULL,
	"starting_price" boolean DEFAULT false NOT NULL,
	"delivery_days" integer NOT NULL,
	"revisions_included" integer NOT NULL,
	"revisions_used" integer DEFAULT 0 NOT NULL,
	"status" "order_status" NOT NULL,
	"pay_later" boolean DEFAULT false NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"late_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"auto_complete_at" timestamp with time zone,
	"extra_revision_note" text,
	"extra_revision_requested_at" timestamp with time zone,
	"cancellation_requested_by" "order_side",
	"cancellation_reason" text,
	"cancellation_requested_at" timestamp with time zone,
	"cancellation_respond_by" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" "order_actor",
	"cancel_note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "tier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cutroom_order_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cutroom_order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_seq_idx" ON "order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_uq" ON "orders" USING btree ("payment_id") WHERE "orders"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_creator_created_idx" ON "orders" USING btree ("creator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_editor_created_idx" ON "orders" USING btree ("editor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_room_created_idx" ON "orders" USING btree ("room_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_in_progress_due_idx" ON "orders" USING btree ("due_at") WHERE "orders"."status" = 'in_progress';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cutroom_order_id_orders_id_fk" FOREIGN KEY ("cutroom_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_cutroom_order_id_orders_id_fk" FOREIGN KEY ("cutroom_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_cutroom_order_idx" ON "payments" USING btree ("cutroom_order_id");--> statement-breakpoint
CREATE INDEX "deliveries_order_idx" ON "deliveries" USING btree ("cutroom_order_id","number");