-- One-off: payments and deliveries made before orders existed (cutroom_order_id null) get their orders,
-- as the start-up step modules/orders/backfill.ts did on every boot until this migration replaced it.
-- Idempotent like that step: only rows still without an order are touched, so running it again changes
-- nothing.
--
-- 1. Each such payment, oldest first, becomes its order in the pair's room (created if missing): SUCCESS
--    -> in_progress and paid (due after the tier's delivery days), INITIATED -> awaiting_payment, any
--    other -> cancelled by the system ('Payment not completed'); the payment names it, and its timeline
--    starts with a 'migrated' event.
-- 2. Each room's deliveries without an order, by number, form runs that end at an approved one (or at the
--    room's last): a run in which a delivery names a payment joins that payment's order, moved to the
--    run's state; any other run becomes a new pay-later order at the tier's price. completed, delivered
--    or changes_requested follows the run's last delivery; revisions used are its change requests. An
--    order left delivered gets an auto-complete deadline and its job, 72 hours away (the default of
--    ORDER_AUTO_COMPLETE_HOURS; the job re-reads the order when it runs).
--
-- What a legacy order promised (cutroom_legacy_order_terms, dropped at the end): the editor's tier as it
-- is now, read as contracts' tierTerms reads it (a first pricing entry with a numeric priceMin > 0, 'N
-- revisions' / 'up to N revisions' / 'unlimited revisions' features, 'express delivery' halving the
-- tier's 3/5/7 days); without a priced tier: the tier's default days (5 without a tier), 1 revision, no
-- features, no price. Timestamps copied from a row are cut to milliseconds, as the JavaScript Dates the
-- step carried them in were.
CREATE FUNCTION "cutroom_legacy_order_terms"(
  "p_editor" uuid,
  "p_tier" text,
  OUT "delivery_days" integer,
  OUT "revisions" integer,
  OUT "features" jsonb,
  OUT "amount_paise" integer
) LANGUAGE plpgsql AS $$
DECLARE
  "v_found" jsonb;
  "v_priced" boolean;
  "v_days" integer := CASE "p_tier" WHEN 'basic' THEN 3 WHEN 'intermediate' THEN 5 WHEN 'pro' THEN 7 ELSE 5 END;
  "v_feature" text;
  "v_trimmed" text;
  "v_number" integer;
  "v_counted" integer;
  "v_express" boolean := false;
BEGIN
  IF "p_tier" IS NOT NULL THEN
    SELECT t."tier" INTO "v_found"
    FROM "editor_portfolios" p, jsonb_array_elements(p."tiers") WITH ORDINALITY AS t("tier", "ord")
    WHERE p."editor_id" = "p_editor" AND t."tier"->>'title' = "p_tier"
    ORDER BY t."ord"
    LIMIT 1;
  END IF;
  "v_priced" := "v_found" IS NOT NULL AND CASE
    WHEN jsonb_typeof("v_found"->'pricing'->0->'priceMin') = 'number'
      THEN ("v_found"->'pricing'->0->>'priceMin')::numeric > 0
    ELSE false
  END;
  IF NOT "v_priced" THEN
    "delivery_days" := "v_days";
    "revisions" := 1;
    "features" := '[]'::jsonb;
    "amount_paise" := NULL;
    RETURN;
  END IF;
  "features" := coalesce("v_found"->'features', '[]'::jsonb);
  FOR "v_feature" IN
    SELECT f."value" FROM jsonb_array_elements_text("features") WITH ORDINALITY AS f("value", "ord") ORDER BY f."ord"
  LOOP
    "v_trimmed" := regexp_replace("v_feature", '^[[:space:]]+|[[:space:]]+$', '', 'g');
    "v_number" := substring("v_trimmed" FROM '(?i)^(?:up to[[:space:]]+)?([0-9]{1,2})[[:space:]]+revisions?$')::integer;
    IF "v_number" IS NOT NULL THEN
      "v_counted" := greatest(coalesce("v_counted", 0), "v_number");
    END IF;
    IF "v_trimmed" ~* '^unlimited revisions$' THEN
      "v_counted" := 10; -- ORDER_LIMITS.revisionsMax
    END IF;
    IF "v_feature" ~* 'express delivery' THEN
      "v_express" := true;
    END IF;
  END LOOP;
  "delivery_days" := CASE WHEN "v_express" THEN greatest(1, ceil("v_days" / 2.0)::integer) ELSE "v_days" END;
  "revisions" := coalesce("v_counted", 1);
  "amount_paise" := round(("v_found"->'pricing'->0->>'priceMin')::numeric * 100)::integer;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  "p" record;
  "d" record;
  "r" record;
  "t" record;
  "v_room" uuid;
  "v_order" uuid;
  "v_status" order_status;
  "v_paid_at" timestamptz;
  "v_last_number" integer;
  "v_run" uuid[];
  "v_run_created_at" timestamptz;
  "v_changes" integer;
  "v_paid_payment" uuid;
  "v_auto_complete_at" timestamptz;
BEGIN
  -- 1. Payments, oldest first.
  FOR "p" IN SELECT * FROM "payments" WHERE "cutroom_order_id" IS NULL ORDER BY "created_at" LOOP
    SELECT * INTO "t" FROM "cutroom_legacy_order_terms"("p"."editor_id", "p"."plan_type"::text);
    INSERT INTO "chat_rooms" ("creator_id", "editor_id") VALUES ("p"."creator_id", "p"."editor_id")
      ON CONFLICT DO NOTHING;
    SELECT cr."id" INTO "v_room" FROM "chat_rooms" cr
      WHERE cr."creator_id" = "p"."creator_id" AND cr."editor_id" = "p"."editor_id";
    "v_status" := CASE "p"."status"
      WHEN 'SUCCESS' THEN 'in_progress' WHEN 'INITIATED' THEN 'awaiting_payment' ELSE 'cancelled' END;
    "v_paid_at" := date_trunc('milliseconds', coalesce("p"."paid_at", "p"."created_at"));
    INSERT INTO "orders" (
      "room_id", "creator_id", "editor_id", "source", "tier", "title", "features", "price_paise",
      "delivery_days", "revisions_included", "status", "accepted_at", "created_at",
      "payment_id", "paid_at", "due_at", "cancelled_at", "cancelled_by", "cancel_note"
    ) VALUES (
      "v_room", "p"."creator_id", "p"."editor_id", 'tier', "p"."plan_type",
      CASE WHEN "p"."plan_type" IS NULL THEN 'Order'
        ELSE upper(left("p"."plan_type"::text, 1)) || substr("p"."plan_type"::text, 2) || ' tier' END,
      "t"."features", "p"."amount_paise", "t"."delivery_days", "t"."revisions", "v_status",
      date_trunc('milliseconds', "p"."created_at"), date_trunc('milliseconds', "p"."created_at"),
      CASE WHEN "p"."status" = 'SUCCESS' THEN "p"."id" END,
      CASE WHEN "p"."status" = 'SUCCESS' THEN "v_paid_at" END,
      CASE WHEN "p"."status" = 'SUCCESS' THEN "v_paid_at" + make_interval(hours => 24 * "t"."delivery_days") END,
      CASE WHEN "v_status" = 'cancelled' THEN date_trunc('milliseconds', "p"."updated_at") END,
      CASE WHEN "v_status" = 'cancelled' THEN 'system'::order_actor END,
      CASE WHEN "v_status" = 'cancelled' THEN 'Payment not completed' END
    ) RETURNING "id" INTO "v_order";
    UPDATE "payments" SET "cutroom_order_id" = "v_order" WHERE "id" = "p"."id";
    INSERT INTO "order_events" ("order_id", "type", "actor", "note")
      VALUES ("v_order", 'migrated', 'system', 'Created from payment ' || "p"."order_id" || ', made before orders existed');
  END LOOP;

  -- 2. Each room's deliveries without an order, by number, in runs.
  FOR "r" IN SELECT DISTINCT dr."room_id" FROM "deliveries" dr WHERE dr."cutroom_order_id" IS NULL LOOP
    SELECT max(dn."number") INTO "v_last_number" FROM "deliveries" dn
      WHERE dn."room_id" = "r"."room_id" AND dn."cutroom_order_id" IS NULL;
    "v_run" := '{}';
    "v_changes" := 0;
    "v_paid_payment" := NULL;
    FOR "d" IN
      SELECT * FROM "deliveries" dl WHERE dl."room_id" = "r"."room_id" AND dl."cutroom_order_id" IS NULL
      ORDER BY dl."number"
    LOOP
      IF cardinality("v_run") = 0 THEN
        "v_run_created_at" := "d"."created_at";
      END IF;
      "v_run" := "v_run" || "d"."id";
      IF "d"."status" = 'changes_requested' THEN
        "v_changes" := "v_changes" + 1;
      END IF;
      IF "v_paid_payment" IS NULL AND "d"."payment_id" IS NOT NULL THEN
        "v_paid_payment" := "d"."payment_id";
      END IF;
      -- A run ends at an approved delivery, or at the room's last.
      CONTINUE WHEN "d"."status" <> 'approved' AND "d"."number" <> "v_last_number";

      -- "d" is the run's last delivery: the order takes its state.
      "v_status" := CASE "d"."status"
        WHEN 'approved' THEN 'completed' WHEN 'sent' THEN 'delivered' ELSE 'changes_requested' END;
      "v_order" := NULL;
      IF "v_paid_payment" IS NOT NULL THEN
        SELECT pp."cutroom_order_id" INTO "v_order" FROM "payments" pp WHERE pp."id" = "v_paid_payment";
      END IF;
      SELECT * INTO "t" FROM "cutroom_legacy_order_terms"("d"."editor_id", "d"."tier"::text);
      "v_auto_complete_at" := now() + interval '72 hours';
      IF "v_order" IS NOT NULL THEN
        UPDATE "orders" o SET
          "status" = "v_status",
          "delivered_at" = date_trunc('milliseconds', "d"."created_at"),
          "revisions_used" = "v_changes",
          "completed_at" = CASE WHEN "v_status" = 'completed'
            THEN date_trunc('milliseconds', coalesce("d"."decided_at", "d"."updated_at"))
            ELSE o."completed_at" END,
          "auto_complete_at" = CASE WHEN "v_status" = 'delivered'
            THEN "v_auto_complete_at" ELSE o."auto_complete_at" END,
          "revisions_included" = greatest("t"."revisions", "v_changes")
        WHERE o."id" = "v_order";
      ELSE
        INSERT INTO "orders" (
          "room_id", "creator_id", "editor_id", "source", "tier", "title", "features", "price_paise",
          "delivery_days", "revisions_included", "status", "pay_later", "accepted_at", "created_at",
          "delivered_at", "revisions_used", "completed_at", "auto_complete_at"
        ) VALUES (
          "d"."room_id", "d"."creator_id", "d"."editor_id", 'tier', "d"."tier",
          CASE WHEN "d"."tier" IS NULL THEN 'Order'
            ELSE upper(left("d"."tier"::text, 1)) || substr("d"."tier"::text, 2) || ' tier' END,
          "t"."features", coalesce("t"."amount_paise", 0), "t"."delivery_days",
          greatest("t"."revisions", "v_changes"), "v_status", true,
          date_trunc('milliseconds', "v_run_created_at"), date_trunc('milliseconds', "v_run_created_at"),
          date_trunc('milliseconds', "d"."created_at"), "v_changes",
          CASE WHEN "v_status" = 'completed'
            THEN date_trunc('milliseconds', coalesce("d"."decided_at", "d"."updated_at")) END,
          CASE WHEN "v_status" = 'delivered' THEN "v_auto_complete_at" END
        ) RETURNING "id" INTO "v_order";
        INSERT INTO "order_events" ("order_id", "type", "actor", "note")
          VALUES ("v_order", 'migrated', 'system', 'Created from deliveries sent before orders existed; to be paid');
      END IF;
      UPDATE "deliveries" dd SET "cutroom_order_id" = "v_order" WHERE dd."id" = ANY ("v_run");
      IF "v_status" = 'delivered' THEN
        -- Its auto-complete job (ORDER_JOBS.autoComplete with that kind's 10 attempts), due at the deadline.
        INSERT INTO "jobs" ("kind", "payload", "max_attempts", "run_after")
          VALUES ('order.auto-complete', jsonb_build_object('orderId', "v_order"), 10, "v_auto_complete_at");
      END IF;
      "v_run" := '{}';
      "v_changes" := 0;
      "v_paid_payment" := NULL;
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION "cutroom_legacy_order_terms"(uuid, text);
