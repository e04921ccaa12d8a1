CREATE TYPE "public"."contact_refusal_place" AS ENUM('chat_message', 'offer', 'offer_request', 'order_brief', 'cancellation', 'delivery_note', 'review', 'review_reply');--> statement-breakpoint
CREATE TABLE "contact_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"place" "contact_refusal_place" NOT NULL,
	"kind" text,
	"reason" text NOT NULL,
	"chat_room_id" uuid,
	"order_id" uuid,
	"review_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_refusals" ADD CONSTRAINT "contact_refusals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_refusals" ADD CONSTRAINT "contact_refusals_chat_room_id_chat_rooms_id_fk" FOREIGN KEY ("chat_room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_refusals" ADD CONSTRAINT "contact_refusals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_refusals" ADD CONSTRAINT "contact_refusals_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_refusals_author_idx" ON "contact_refusals" USING btree ("author_id","created_at");