CREATE TABLE "alert_digests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"saved_search_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"company_count" integer NOT NULL,
	"company_ids" integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_digests_status" CHECK ("alert_digests"."status" in ('pending', 'sending', 'sent', 'failed', 'unknown', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "export_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"database" text NOT NULL,
	"query" text NOT NULL,
	"format" text,
	"new_only" boolean DEFAULT false NOT NULL,
	"row_count" integer,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_history_database" CHECK ("export_history"."database" in ('companies', 'lps'))
);
--> statement-breakpoint
CREATE TABLE "exported_companies" (
	"user_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"first_exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exported_companies_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alert" text DEFAULT 'off' NOT NULL,
	"next_digest_at" timestamp with time zone,
	"digest_since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert" CHECK ("saved_searches"."alert" in ('off', 'daily', 'weekly')),
	CONSTRAINT "saved_searches_name_length" CHECK (char_length("saved_searches"."name") between 1 and 80)
);
--> statement-breakpoint
-- Issue 19: when each company last entered the data with news. A volatile default would rewrite every row
-- of the table; now() is stable, so the column is added at once (every existing company recorded now), and
-- the default then becomes the clock for the rows written from here on.
ALTER TABLE "companies" ADD COLUMN "round_recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "round_recorded_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_history" ADD CONSTRAINT "export_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exported_companies" ADD CONSTRAINT "exported_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_period_idx" ON "alert_digests" USING btree ("saved_search_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "alert_digests_open_idx" ON "alert_digests" USING btree ("status","id") WHERE "alert_digests"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_digests_created_at_idx" ON "alert_digests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "export_history_user_id_idx" ON "export_history" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_searches_user_id_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_name_idx" ON "saved_searches" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("next_digest_at","id") WHERE "saved_searches"."next_digest_at" is not null;--> statement-breakpoint
CREATE INDEX "companies_round_recorded_at_idx" ON "companies" USING btree ("round_recorded_at");;--> statement-breakpoint
-- A new round of a stored company (its last round's date, type or amount changes) records it again, with the
-- clock as the row is written (not now(), the transaction's start: alerts/digest-window.server.ts).
CREATE OR REPLACE FUNCTION record_company_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.round_recorded_at := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_round_recorded ON "companies";--> statement-breakpoint
CREATE TRIGGER companies_round_recorded BEFORE UPDATE OF "last_funding_date", "last_funding_type", "last_funding_amount_usd" ON "companies"
  FOR EACH ROW WHEN (
    OLD."last_funding_date" IS DISTINCT FROM NEW."last_funding_date"
    OR OLD."last_funding_type" IS DISTINCT FROM NEW."last_funding_type"
    OR OLD."last_funding_amount_usd" IS DISTINCT FROM NEW."last_funding_amount_usd"
  ) EXECUTE FUNCTION record_company_round();