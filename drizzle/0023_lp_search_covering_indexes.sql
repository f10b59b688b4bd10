DROP INDEX "lps_name_order_idx";--> statement-breakpoint
CREATE INDEX "lps_filter_cover_idx" ON "lps" USING btree ("type","country","aum_usd","id","check_min_usd","check_max_usd","accepts_emerging","backs_first_time_funds","asset_classes","stage_focus","sector_focus","name");--> statement-breakpoint
CREATE INDEX "lps_name_order_idx" ON "lps" USING btree (lower("name") collate "C","id","name");