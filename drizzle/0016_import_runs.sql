CREATE TABLE "import_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'console' NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"stored_path" text,
	"dry_run_id" bigint,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected_rows" jsonb,
	"duplicate_rows" jsonb,
	"error" text,
	"runner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"discarded_at" timestamp with time zone,
	CONSTRAINT "import_runs_kind" CHECK ("import_runs"."kind" in ('dry_run', 'commit')),
	CONSTRAINT "import_runs_status" CHECK ("import_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_dry_run_id_import_runs_id_fk" FOREIGN KEY ("dry_run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_created_at_idx" ON "import_runs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_runs_dry_run_id_idx" ON "import_runs" USING btree ("dry_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_running_idx" ON "import_runs" USING btree ("status") WHERE status = 'running';