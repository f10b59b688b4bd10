-- Issue 15 (decision 011): a text search with a stage filter ('health' + Series A + North America + last
-- year) counted its matches by intersecting the trigram index's 117,000 'health' rows with the stage and
-- date index and visiting 6,000 heap pages (44 ms on 1,000,000 rows). This index holds, beside the stage and
-- the date, what such a search checks and reads (id, country, the do-not-sell flag and search_text): it
-- reads the stage's rows in the date window and matches the text in the index alone (15-18 ms).
-- A btree entry has a size limit (2,704 bytes after compression), so texts over 2,000 bytes are left out
-- (none of the demo data's, few of any real data's) and have an index of their own, without the text;
-- search-source.server.ts reads the two parts as one (a UNION ALL that the planner splits between them).
CREATE INDEX IF NOT EXISTS "companies_stage_date_text_idx" ON "companies" USING btree ("last_funding_type", "last_funding_date") INCLUDE ("id", "country", "suppressed", "search_text") WHERE coalesce(octet_length("search_text"), 2001) <= 2000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_stage_date_long_text_idx" ON "companies" USING btree ("last_funding_type", "last_funding_date") WHERE coalesce(octet_length("search_text"), 2001) > 2000;
