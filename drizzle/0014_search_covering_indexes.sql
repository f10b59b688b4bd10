DROP INDEX "companies_last_amount_asc_id_idx";--> statement-breakpoint
DROP INDEX "companies_last_amount_desc_id_idx";--> statement-breakpoint
DROP INDEX "companies_total_amount_asc_id_idx";--> statement-breakpoint
DROP INDEX "companies_total_amount_desc_id_idx";--> statement-breakpoint
CREATE INDEX "companies_last_amount_asc_cover_idx" ON "companies" USING btree ("last_funding_amount_usd","id","last_funding_type","country","last_funding_date");--> statement-breakpoint
CREATE INDEX "companies_last_amount_desc_cover_idx" ON "companies" USING btree ("last_funding_amount_usd" DESC NULLS LAST,"id" DESC NULLS LAST,"last_funding_type","country","last_funding_date");--> statement-breakpoint
CREATE INDEX "companies_total_amount_asc_cover_idx" ON "companies" USING btree ("total_funding_amount_usd","id","last_funding_type","country","last_funding_amount_usd","last_funding_date");--> statement-breakpoint
CREATE INDEX "companies_total_amount_desc_cover_idx" ON "companies" USING btree ("total_funding_amount_usd" DESC NULLS LAST,"id" DESC NULLS LAST,"last_funding_type","country","last_funding_amount_usd","last_funding_date");