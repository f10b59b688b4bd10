-- Issue 17: import runs say what their file holds (companies or LPs); an LP run also counts the contacts
-- it wrote and the stored contacts its file replaced. Earlier runs were all company imports.
ALTER TABLE "import_runs" ADD COLUMN "subject" text DEFAULT 'companies' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "contacts_written" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "contacts_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_subject" CHECK ("import_runs"."subject" in ('companies', 'lps'));