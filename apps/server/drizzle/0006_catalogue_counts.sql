ALTER TABLE "users" ADD COLUMN "sample_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_tiers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing editors: the same values refreshCatalogueFields keeps from now on.
UPDATE "users" SET
  "sample_count" = (SELECT count(*) FROM "portfolio_samples" s WHERE s."editor_id" = "users"."id"),
  "has_tiers" = COALESCE((SELECT jsonb_array_length(p."tiers") > 0 FROM "editor_portfolios" p WHERE p."editor_id" = "users"."id"), false)
WHERE "role" = 'editor';
