CREATE TABLE "data_versions" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "data_versions_single_row" CHECK ("data_versions"."id" = 1)
);
--> statement-breakpoint
-- Issue 12 defect 6: one data version for every app process (schema.ts dataVersions). Every statement that
-- writes companies or suppressed_companies first sets it to the writing transaction's id, so the new value
-- commits with the data: a process that reads it sees data at least that new. BEFORE STATEMENT, so a
-- writer takes this row's lock before any company row's: writers queue here instead of deadlocking. A
-- transaction that writes many statements (import batches, seed batches) writes the row once; the
-- ON CONFLICT lock still holds it until commit. TRUNCATE fires AFTER, so a TRUNCATE that also empties
-- data_versions (the tests' reset) leaves a fresh row.
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions (id, version) VALUES (1, pg_current_xact_id()::text::bigint)
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version
    WHERE data_versions.version IS DISTINCT FROM EXCLUDED.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_data_version BEFORE INSERT OR UPDATE OR DELETE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER companies_data_version_truncate AFTER TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER suppressed_companies_data_version BEFORE INSERT OR UPDATE OR DELETE ON "suppressed_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER suppressed_companies_data_version_truncate AFTER TRUNCATE ON "suppressed_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
INSERT INTO "data_versions" ("id", "version") VALUES (1, pg_current_xact_id()::text::bigint);
