-- Substring search at index speed (spec 9 text search; stack-notes.md: one trigram index on the
-- concatenated text). The text is kept by a trigger so the seed, the importer and any manual write agree.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\x1f',
    NEW.organization_name,
    NEW.description,
    array_to_string(NEW.industry_groups, ', '),
    NEW.headquarters_location,
    NEW.first_name,
    NEW.last_name));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_search_text BEFORE INSERT OR UPDATE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION companies_search_text();--> statement-breakpoint
UPDATE "companies" SET "search_text" = NULL;--> statement-breakpoint
CREATE INDEX "companies_region_idx" ON "companies" USING btree ("region");--> statement-breakpoint
CREATE INDEX "companies_city_idx" ON "companies" USING btree ("city");--> statement-breakpoint
CREATE INDEX "companies_last_funding_amount_usd_idx" ON "companies" USING btree ("last_funding_amount_usd");--> statement-breakpoint
CREATE INDEX "companies_search_text_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);
