CREATE TABLE "activity_daily" (
	"day" date NOT NULL,
	"action_type" text NOT NULL,
	"events" integer NOT NULL,
	"exported_rows" numeric NOT NULL,
	CONSTRAINT "activity_daily_day_action_type_pk" PRIMARY KEY("day","action_type")
);
--> statement-breakpoint
CREATE TABLE "activity_daily_filters" (
	"day" date NOT NULL,
	"filter_key" text NOT NULL,
	"filter_value" text NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "activity_daily_filters_day_filter_key_filter_value_pk" PRIMARY KEY("day","filter_key","filter_value")
);
--> statement-breakpoint
CREATE TABLE "activity_daily_queries" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer NOT NULL,
	"zero_results" integer NOT NULL,
	CONSTRAINT "activity_daily_queries_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE TABLE "activity_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
