-- Tiers state their delivery days and revisions ("deliveryDays", "revisions" in each element of
-- editor_portfolios.tiers); until now Pay Now derived them from hidden defaults (contracts' old
-- tierTerms). Each priced tier that does not state them yet gets exactly what it promised before, so
-- nothing changes for an existing tier: 3, 5 or 7 days by title, halved (rounded up, at least 1) when a
-- feature says 'express delivery'; the largest 'N revisions' / 'up to N revisions' feature, 10 for
-- 'unlimited revisions', else 1. A tier without a price is left as it is (it sells nothing). Idempotent:
-- a tier that states both is never touched, so running it again changes nothing.
CREATE FUNCTION "cutroom_legacy_tier_terms"("p_tier" jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  "v_days" integer := CASE "p_tier"->>'title' WHEN 'basic' THEN 3 WHEN 'intermediate' THEN 5 ELSE 7 END;
  "v_feature" text;
  "v_trimmed" text;
  "v_number" integer;
  "v_counted" integer;
  "v_express" boolean := false;
BEGIN
  FOR "v_feature" IN
    SELECT f."value" FROM jsonb_array_elements_text(coalesce("p_tier"->'features', '[]'::jsonb)) AS f("value")
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
  RETURN jsonb_build_object(
    'deliveryDays', CASE WHEN "v_express" THEN greatest(1, ceil("v_days" / 2.0)::integer) ELSE "v_days" END,
    -- The stated revisions are bounded by the offer's limit (10), as the old reading never was.
    'revisions', least(coalesce("v_counted", 1), 10)
  );
END $$;
--> statement-breakpoint
UPDATE "editor_portfolios" p SET "tiers" = (
  SELECT jsonb_agg(
    CASE
      WHEN jsonb_typeof(t."tier"->'pricing'->0->'priceMin') = 'number'
        AND (t."tier"->'pricing'->0->>'priceMin')::numeric > 0
        AND NOT (t."tier" ? 'deliveryDays' AND t."tier" ? 'revisions')
      THEN "cutroom_legacy_tier_terms"(t."tier") || t."tier"
      ELSE t."tier"
    END ORDER BY t."ord")
  FROM jsonb_array_elements(p."tiers") WITH ORDINALITY AS t("tier", "ord")
)
WHERE jsonb_typeof(p."tiers") = 'array' AND jsonb_array_length(p."tiers") > 0;
--> statement-breakpoint
DROP FUNCTION "cutroom_legacy_tier_terms"(jsonb);
