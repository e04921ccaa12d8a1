CREATE TYPE "public"."review_moderation_action" AS ENUM('hidden', 'shown');--> statement-breakpoint
CREATE TABLE "editor_ratings" (
	"editor_id" uuid PRIMARY KEY NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"communication_sum" integer DEFAULT 0 NOT NULL,
	"communication_count" integer DEFAULT 0 NOT NULL,
	"quality_sum" integer DEFAULT 0 NOT NULL,
	"quality_count" integer DEFAULT 0 NOT NULL,
	"on_time_sum" integer DEFAULT 0 NOT NULL,
	"on_time_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_moderation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"action" "review_moderation_action" NOT NULL,
	"reason" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"editor_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"communication" smallint,
	"quality" smallint,
	"on_time" smallint,
	"text" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_sub_ratings_range" CHECK (coalesce("reviews"."communication", 1) between 1 and 5 and coalesce("reviews"."quality", 1) between 1 and 5 and coalesce("reviews"."on_time", 1) between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "catalogue_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_basic" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_intermediate" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_pro" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_from" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fastest_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_score" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "completed_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "on_time_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recommended_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_thumb_key" text;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "first_creator_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "first_editor_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "editor_ratings" ADD CONSTRAINT "editor_ratings_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderation_events" ADD CONSTRAINT "review_moderation_events_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderation_events" ADD CONSTRAINT "review_moderation_events_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_moderation_events_review_idx" ON "review_moderation_events" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_uq" ON "reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviews_editor_visible_idx" ON "reviews" USING btree ("editor_id","created_at" desc,"id" desc) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "users_editor_recommended_idx" ON "users" USING btree ("recommended_score" desc,"created_at" desc,"id" desc) WHERE role = 'editor' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_editor_rating_idx" ON "users" USING btree ("rating_score" desc nulls last,"created_at" desc,"id" desc) WHERE role = 'editor' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_editor_price_idx" ON "users" USING btree ("price_from" asc nulls last,"created_at" desc,"id" desc) WHERE role = 'editor' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_editor_fastest_idx" ON "users" USING btree ("fastest_days" asc nulls last,"created_at" desc,"id" desc) WHERE role = 'editor' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_editor_tags_idx" ON "users" USING gin ("catalogue_tags") WHERE role = 'editor' and deleted_at is null;--> statement-breakpoint
-- Existing editors: the catalogue fields refreshCatalogueFields keeps from now on (modules/portfolio/catalogue-fields.ts).
UPDATE "users" SET
  "catalogue_tags" = COALESCE((
    SELECT array_agg(DISTINCT lower(tag) ORDER BY lower(tag))
    FROM "portfolio_samples" s, jsonb_array_elements_text(s."tags") AS tag WHERE s."editor_id" = "users"."id"), '{}'::text[]),
  "price_basic" = (SELECT CASE WHEN (tier->'pricing'->0->>'priceMin')::numeric > 0 THEN (tier->'pricing'->0->>'priceMin')::numeric::int END
    FROM "editor_portfolios" p, jsonb_array_elements(p."tiers") tier WHERE p."editor_id" = "users"."id" AND tier->>'title' = 'basic' LIMIT 1),
  "price_intermediate" = (SELECT CASE WHEN (tier->'pricing'->0->>'priceMin')::numeric > 0 THEN (tier->'pricing'->0->>'priceMin')::numeric::int END
    FROM "editor_portfolios" p, jsonb_array_elements(p."tiers") tier WHERE p."editor_id" = "users"."id" AND tier->>'title' = 'intermediate' LIMIT 1),
  "price_pro" = (SELECT CASE WHEN (tier->'pricing'->0->>'priceMin')::numeric > 0 THEN (tier->'pricing'->0->>'priceMin')::numeric::int END
    FROM "editor_portfolios" p, jsonb_array_elements(p."tiers") tier WHERE p."editor_id" = "users"."id" AND tier->>'title' = 'pro' LIMIT 1),
  "price_from" = (SELECT min((tier->'pricing'->0->>'priceMin')::numeric::int)
    FROM "editor_portfolios" p, jsonb_array_elements(p."tiers") tier
    WHERE p."editor_id" = "users"."id" AND (tier->'pricing'->0->>'priceMin')::numeric > 0),
  "fastest_days" = (SELECT min(CASE WHEN EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(tier->'features') f WHERE lower(f) LIKE '%express delivery%')
      THEN ceil(d.days / 2.0)::int ELSE d.days END)
    FROM "editor_portfolios" p, jsonb_array_elements(p."tiers") tier,
      LATERAL (SELECT CASE tier->>'title' WHEN 'basic' THEN 3 WHEN 'intermediate' THEN 5 ELSE 7 END AS days) d
    WHERE p."editor_id" = "users"."id" AND (tier->'pricing'->0->>'priceMin')::numeric > 0),
  "completed_orders" = (SELECT count(*) FROM "orders" o WHERE o."editor_id" = "users"."id" AND o."status" = 'completed'),
  "on_time_orders" = (SELECT count(*) FROM "orders" o WHERE o."editor_id" = "users"."id" AND o."status" = 'completed' AND o."late_at" IS NULL)
WHERE "role" = 'editor';--> statement-breakpoint
UPDATE "users" SET "recommended_score" = ln(1 + "completed_orders") * 0.5
  + (CASE WHEN "completed_orders" > 0 THEN "on_time_orders"::float8 / "completed_orders" - 0.8 ELSE 0 END)
WHERE "role" = 'editor';--> statement-breakpoint
-- Existing chats: the creator's first message and the editor's first reply after it.
UPDATE "chat_rooms" r SET "first_creator_message_at" = (
  SELECT min(m."sent_at") FROM "chat_messages" m WHERE m."chat_room_id" = r."id" AND m."sender_id" = r."creator_id");--> statement-breakpoint
UPDATE "chat_rooms" r SET "first_editor_reply_at" = (
  SELECT min(m."sent_at") FROM "chat_messages" m
  WHERE m."chat_room_id" = r."id" AND m."sender_id" = r."editor_id" AND m."sent_at" >= r."first_creator_message_at")
WHERE r."first_creator_message_at" IS NOT NULL;
--> statement-breakpoint
-- The counts above the list (SPEC.md §2) under price and tier filters read this narrow index only (index-only
-- scan) instead of every editor's whole row. Declared here: Drizzle's schema cannot express INCLUDE.
CREATE INDEX "users_editor_counts_idx" ON "users" USING btree ("price_from")
  INCLUDE ("has_tiers", "sample_count", "price_basic", "price_intermediate", "price_pro")
  WHERE role = 'editor' and deleted_at is null;
