DROP INDEX "companies_last_funding_amount_usd_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_view" text DEFAULT 'cards' NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_last_funding_date_asc_id_idx" ON "companies" USING btree ("last_funding_date","id");--> statement-breakpoint
CREATE INDEX "companies_last_amount_asc_id_idx" ON "companies" USING btree ("last_funding_amount_usd","id");--> statement-breakpoint
CREATE INDEX "companies_last_amount_desc_id_idx" ON "companies" USING btree ("last_funding_amount_usd" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_total_amount_asc_id_idx" ON "companies" USING btree ("total_funding_amount_usd","id");--> statement-breakpoint
CREATE INDEX "companies_total_amount_desc_id_idx" ON "companies" USING btree ("total_funding_amount_usd" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_name_key_c_id_idx" ON "companies" USING btree ("name_key" collate "C","id");