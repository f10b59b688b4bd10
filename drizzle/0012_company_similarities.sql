CREATE TABLE "company_pairs" (
	"generation" integer NOT NULL,
	"block" integer NOT NULL,
	"a_id" integer NOT NULL,
	"b_id" integer NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "company_pairs_generation_block_a_id_b_id_pk" PRIMARY KEY("generation","block","a_id","b_id")
);
--> statement-breakpoint
CREATE TABLE "company_similarities" (
	"generation" integer NOT NULL,
	"company_id" integer NOT NULL,
	"similar_ids" integer[] NOT NULL,
	"scores" real[] NOT NULL,
	CONSTRAINT "company_similarities_generation_company_id_pk" PRIMARY KEY("generation","company_id")
);
--> statement-breakpoint
CREATE TABLE "similarity_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" integer NOT NULL,
	"companies" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "similarity_state_single_row" CHECK ("similarity_state"."id" = 1)
);
--> statement-breakpoint
-- Each similarity refresh writes under a generation of its own (server/similarity/similarity-refresh.server.ts).
CREATE SEQUENCE IF NOT EXISTS "similarity_generation_seq" AS integer;
