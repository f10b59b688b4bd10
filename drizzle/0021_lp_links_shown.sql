ALTER TABLE "site_settings" ALTER COLUMN "hide_lp_search" SET DEFAULT false;--> statement-breakpoint
-- Issue 17: the LP database is built, so its links show unless an admin chose to hide them. A stored "hide"
-- is the old default unless the admin audit log (0015) records a change of hideLpSearch: only then was it
-- an admin's choice, and it is left alone.
UPDATE "site_settings" SET "hide_lp_search" = false
 WHERE "hide_lp_search"
   AND NOT EXISTS (
     SELECT 1 FROM "admin_audit_log"
      WHERE "action" = 'settings.update'
        AND ("before" ? 'hideLpSearch' OR "after" ? 'hideLpSearch'));
