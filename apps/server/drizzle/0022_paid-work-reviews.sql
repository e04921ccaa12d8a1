-- Reviews and track records come from paid work only (issue 25, item 6). Before, an order accepted to pay
-- on approval, approved and never paid could be reviewed and counted as completed work. Paid work: the
-- order's payment is SUCCESS and its confirmed (SUCCESS) refunds are less than the order's price, as
-- modules/reviews/paid-work.ts and modules/portfolio/catalogue-fields.ts decide from now on.
--
-- 1. Visible reviews of orders that are not paid work are hidden, with the reason in the audit log (no
--    admin); an admin cannot show one again until its order is paid.
INSERT INTO "review_moderation_events" ("review_id", "action", "reason", "admin_id")
SELECT r."id", 'hidden', 'Hidden automatically: its order was never paid', NULL
FROM "reviews" r JOIN "orders" o ON o."id" = r."order_id"
WHERE r."hidden_at" IS NULL AND NOT EXISTS (
  SELECT 1 FROM "payments" p WHERE p."id" = o."payment_id" AND p."status" = 'SUCCESS'
    AND coalesce((SELECT sum(f."amount_paise") FROM "refunds" f
      WHERE f."payment_id" = p."id" AND f."status" = 'SUCCESS'), 0) < o."price_paise");
--> statement-breakpoint
UPDATE "reviews" r SET "hidden_at" = now(), "hidden_reason" = 'Hidden automatically: its order was never paid'
FROM "orders" o
WHERE o."id" = r."order_id" AND r."hidden_at" IS NULL AND NOT EXISTS (
  SELECT 1 FROM "payments" p WHERE p."id" = o."payment_id" AND p."status" = 'SUCCESS'
    AND coalesce((SELECT sum(f."amount_paise") FROM "refunds" f
      WHERE f."payment_id" = p."id" AND f."status" = 'SUCCESS'), 0) < o."price_paise");
--> statement-breakpoint
-- 2. Every editor's rating aggregates again from their visible reviews (modules/reviews/aggregates.ts).
UPDATE "users" u SET
  "rating_count" = (SELECT count(*) FROM "reviews" r WHERE r."editor_id" = u."id" AND r."hidden_at" IS NULL),
  "rating_sum" = coalesce((SELECT sum(r."rating") FROM "reviews" r
    WHERE r."editor_id" = u."id" AND r."hidden_at" IS NULL), 0)
WHERE u."role" = 'editor';
--> statement-breakpoint
DELETE FROM "editor_ratings";
--> statement-breakpoint
INSERT INTO "editor_ratings" ("editor_id", "stars_1", "stars_2", "stars_3", "stars_4", "stars_5",
  "communication_sum", "communication_count", "quality_sum", "quality_count", "on_time_sum", "on_time_count")
SELECT r."editor_id",
  count(*) FILTER (WHERE r."rating" = 1), count(*) FILTER (WHERE r."rating" = 2),
  count(*) FILTER (WHERE r."rating" = 3), count(*) FILTER (WHERE r."rating" = 4),
  count(*) FILTER (WHERE r."rating" = 5),
  coalesce(sum(r."communication"), 0), count(r."communication"),
  coalesce(sum(r."quality"), 0), count(r."quality"),
  coalesce(sum(r."on_time"), 0), count(r."on_time")
FROM "reviews" r WHERE r."hidden_at" IS NULL GROUP BY r."editor_id";
--> statement-breakpoint
-- 3. Completed orders and on-time orders: paid work only (refreshTrackRecord).
UPDATE "users" u SET
  "completed_orders" = (SELECT count(*) FROM "orders" o
    WHERE o."editor_id" = u."id" AND o."status" = 'completed' AND EXISTS (
      SELECT 1 FROM "payments" p WHERE p."id" = o."payment_id" AND p."status" = 'SUCCESS'
        AND coalesce((SELECT sum(f."amount_paise") FROM "refunds" f
          WHERE f."payment_id" = p."id" AND f."status" = 'SUCCESS'), 0) < o."price_paise")),
  "on_time_orders" = (SELECT count(*) FROM "orders" o
    WHERE o."editor_id" = u."id" AND o."status" = 'completed' AND o."late_at" IS NULL AND EXISTS (
      SELECT 1 FROM "payments" p WHERE p."id" = o."payment_id" AND p."status" = 'SUCCESS'
        AND coalesce((SELECT sum(f."amount_paise") FROM "refunds" f
          WHERE f."payment_id" = p."id" AND f."status" = 'SUCCESS'), 0) < o."price_paise"))
WHERE u."role" = 'editor';
--> statement-breakpoint
-- 4. The sort keys, as rescoreEditor computes them (RATING_PRIOR: mean 4, weight 3).
UPDATE "users" SET "rating_score" = CASE WHEN "rating_count" > 0
  THEN ("rating_sum" + 12)::float8 / ("rating_count" + 3) END
WHERE "role" = 'editor';
--> statement-breakpoint
UPDATE "users" SET "recommended_score" =
  (CASE WHEN "rating_count" > 0 THEN "rating_score" - 3.5 ELSE 0 END)
  + ln(1 + "completed_orders") * 0.5
  + (CASE WHEN "completed_orders" > 0 THEN "on_time_orders"::float8 / "completed_orders" - 0.8 ELSE 0 END)
  + (CASE WHEN "verified_at" IS NOT NULL THEN 0.5 ELSE 0 END)
WHERE "role" = 'editor';
