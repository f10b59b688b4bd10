CREATE TABLE "formd_filings" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"root_accession" text NOT NULL,
	"filed_on" date
);
--> statement-breakpoint
ALTER TABLE "import_runs" DROP CONSTRAINT "import_runs_subject";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cik" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "companies_inserted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "companies_updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "funds_left_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "tests_left_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "not_operating_left_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "amendments_applied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "formd_filings" ADD CONSTRAINT "formd_filings_round_id_funding_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."funding_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "formd_filings_round_idx" ON "formd_filings" USING btree ("round_id","filed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cik_idx" ON "companies" USING btree ("cik") WHERE "companies"."cik" is not null;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_subject" CHECK ("import_runs"."subject" in ('companies', 'lps', 'rounds', 'formd'));--> statement-breakpoint
-- decision 031, written by hand (the 0028 checks are too): rounds and people from SEC Form D. The new checks
-- allow more than the old ones, which every stored row passed: NOT VALID skips a scan of tables of a million
-- rows and more; rows written from now on are checked.
ALTER TABLE "funding_rounds" DROP CONSTRAINT "funding_rounds_source";--> statement-breakpoint
ALTER TABLE "funding_rounds" ADD CONSTRAINT "funding_rounds_source" CHECK ("funding_rounds"."source" in ('crunchbase_companies', 'crunchbase_rounds', 'demo', 'backfill', 'sec_form_d')) NOT VALID;--> statement-breakpoint
ALTER TABLE "company_investors" DROP CONSTRAINT "company_investors_source";--> statement-breakpoint
ALTER TABLE "company_investors" ADD CONSTRAINT "company_investors_source" CHECK ("company_investors"."source" in ('crunchbase_companies', 'crunchbase_rounds', 'demo', 'backfill', 'sec_form_d')) NOT VALID;--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_source";--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_source" CHECK ("people"."source" in ('crunchbase_companies', 'crunchbase_rounds', 'demo', 'backfill', 'sec_form_d')) NOT VALID;
