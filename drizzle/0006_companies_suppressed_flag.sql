-- Issue 7 do-not-sell at search speed: a flag on companies instead of an anti-join against
-- suppressed_companies in every search, count and export (the join cost ~25% of a full scan on PGlite).
-- suppressed_companies stays the record (which request hid which company); triggers keep the flag in step.
ALTER TABLE "companies" ADD COLUMN "suppressed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION suppressed_companies_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET suppressed = true WHERE id = NEW.company_id;
    RETURN NEW;
  END IF;
  UPDATE companies SET suppressed = false WHERE id = OLD.company_id;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER suppressed_companies_flag AFTER INSERT OR DELETE ON "suppressed_companies"
  FOR EACH ROW EXECUTE FUNCTION suppressed_companies_flag();--> statement-breakpoint
UPDATE "companies" SET "suppressed" = true WHERE "id" IN (SELECT "company_id" FROM "suppressed_companies");
