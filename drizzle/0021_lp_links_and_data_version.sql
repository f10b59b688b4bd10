ALTER TABLE "site_settings" ALTER COLUMN "hide_lp_search" SET DEFAULT false;--> statement-breakpoint
-- Issue 17: the LP database is built, so its links show unless an admin chose to hide them. A stored "hide"
-- is the old default unless the admin audit log (0015) records a change of hideLpSearch: only then was it
-- an admin's choice, and it is left alone.
UPDATE "site_settings" SET "hide_lp_search" = false
 WHERE "hide_lp_search"
   AND NOT EXISTS (
     SELECT 1 FROM "admin_audit_log"
      WHERE "action" = 'settings.update'
        AND ("before" ? 'hideLpSearch' OR "after" ? 'hideLpSearch'));--> statement-breakpoint
-- What LP searches see changes with lps and lp_contacts: their writes move the data version (0010), so a
-- cached LP count or option count is served only at the version it was counted at, in every process.
CREATE TRIGGER lps_data_version BEFORE INSERT OR UPDATE OR DELETE ON "lps"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER lps_data_version_truncate AFTER TRUNCATE ON "lps"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER lp_contacts_data_version BEFORE INSERT OR UPDATE OR DELETE ON "lp_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER lp_contacts_data_version_truncate AFTER TRUNCATE ON "lp_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
