-- Issue 12 defect 5: search_text is Unicode NFC whatever form a writer used ("zu\u0308rich" and "zürich"
-- are one text), as the queries are (parseSearchParams). Queries are lowered by this same lower() in SQL
-- (search-filters.server.ts), so both sides fold case alike. Only rows not NFC yet are rewritten.
CREATE OR REPLACE FUNCTION companies_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := normalize(lower(concat_ws(E'\x1f',
    NEW.organization_name,
    NEW.description,
    array_to_string(NEW.industry_groups, ', '),
    NEW.headquarters_location,
    NEW.first_name,
    NEW.last_name)), NFC);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "companies" SET "search_text" = NULL WHERE NOT ("search_text" IS NFC NORMALIZED);
