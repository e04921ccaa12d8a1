DROP INDEX "users_username_lower_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_canonical" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill: canonicalUsername() of @cutroom/contracts is NFKC + a locale-independent lower-case. For an
-- ASCII name that is exactly A-Z -> a-z (translate(), not lower(), whose answer depends on the locale).
-- A non-ASCII name gets the closest SQL can do, lower(normalize(NFKC)); names like these could only be
-- created before usernames were checked, and an admin renaming the account rewrites it the app's way.
UPDATE "users" SET "username_canonical" = CASE
  WHEN "username" ~ '^[ -~]*$' THEN translate("username", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
  ELSE lower(normalize("username", NFKC))
END;--> statement-breakpoint
-- Two existing accounts may share a canonical form (the old index compared lower(), which is not the
-- same rule). The oldest keeps its name; each later one is renamed '<name>-<first 8 of its id>' (a
-- NOTICE lists them) so the migration never fails and nobody is deleted. Their admin tells them the new
-- name (or renames them again); their sessions and data are unchanged.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT "id", "username" FROM (
      SELECT "id", "username",
        row_number() OVER (PARTITION BY "username_canonical" ORDER BY "created_at", "id") AS n
      FROM "users"
    ) d WHERE d.n > 1
  LOOP
    RAISE NOTICE 'username % collides with an older account; renamed to %', r."username", r."username" || '-' || left(r."id"::text, 8);
    UPDATE "users" SET
      "username" = "username" || '-' || left("id"::text, 8),
      "username_canonical" = "username_canonical" || '-' || left("id"::text, 8)
    WHERE "id" = r."id";
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_canonical_uq" ON "users" USING btree ("username_canonical");--> statement-breakpoint
-- Writers that leave username_canonical out (scripts, fixtures, a rename by SQL): an ASCII name gets its
-- canonical form here; a non-ASCII one must come with the app's canonical form, else the write fails
-- rather than store a form the app would not find.
CREATE OR REPLACE FUNCTION "users_fill_username_canonical"() RETURNS trigger AS $$
BEGIN
  IF NEW."username_canonical" = '' THEN
    IF NEW."username" !~ '^[ -~]*$' THEN
      RAISE EXCEPTION 'users.username_canonical must be written with a non-ASCII username';
    END IF;
    NEW."username_canonical" := translate(NEW."username", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  ELSIF TG_OP = 'UPDATE' AND NEW."username" IS DISTINCT FROM OLD."username"
    AND NEW."username_canonical" = OLD."username_canonical" AND NEW."username" ~ '^[ -~]*$' THEN
    -- Renamed without the canonical form: recompute it (the app writes both, so a change of case of a
    -- non-ASCII name keeps the form it wrote).
    NEW."username_canonical" := translate(NEW."username", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "users_fill_username_canonical" BEFORE INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_fill_username_canonical"();
