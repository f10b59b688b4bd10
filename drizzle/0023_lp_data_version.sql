ALTER TABLE "data_versions" DROP CONSTRAINT "data_versions_single_row";--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_known_rows" CHECK ("data_versions"."id" in (1, 2));--> statement-breakpoint
-- Issue 17: what LP searches see (lps, lp_contacts) has a version of its own, row 2, kept like row 1 (0010):
-- every statement that writes the LP tables first sets it to the writing transaction's id. Apart from row 1,
-- so a companies import (a version per batch) does not make every process reload its LPs.
CREATE OR REPLACE FUNCTION bump_lp_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions (id, version) VALUES (2, pg_current_xact_id()::text::bigint)
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version
    WHERE data_versions.version IS DISTINCT FROM EXCLUDED.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS lps_data_version ON "lps";--> statement-breakpoint
DROP TRIGGER IF EXISTS lps_data_version_truncate ON "lps";--> statement-breakpoint
DROP TRIGGER IF EXISTS lp_contacts_data_version ON "lp_contacts";--> statement-breakpoint
DROP TRIGGER IF EXISTS lp_contacts_data_version_truncate ON "lp_contacts";--> statement-breakpoint
CREATE TRIGGER lps_data_version BEFORE INSERT OR UPDATE OR DELETE ON "lps"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_lp_data_version();--> statement-breakpoint
CREATE TRIGGER lps_data_version_truncate AFTER TRUNCATE ON "lps"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_lp_data_version();--> statement-breakpoint
CREATE TRIGGER lp_contacts_data_version BEFORE INSERT OR UPDATE OR DELETE ON "lp_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_lp_data_version();--> statement-breakpoint
CREATE TRIGGER lp_contacts_data_version_truncate AFTER TRUNCATE ON "lp_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_lp_data_version();--> statement-breakpoint
INSERT INTO "data_versions" ("id", "version") VALUES (2, pg_current_xact_id()::text::bigint)
  ON CONFLICT ("id") DO NOTHING;
