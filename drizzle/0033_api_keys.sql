CREATE TABLE "api_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_name_length" CHECK (char_length("api_keys"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "api_usage" (
	"key_id" bigint NOT NULL,
	"window" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_usage_key_id_window_starts_at_pk" PRIMARY KEY("key_id","window","starts_at"),
	CONSTRAINT "api_usage_window" CHECK ("api_usage"."window" in ('minute', 'day'))
);
--> statement-breakpoint
ALTER TABLE "user_activity" DROP CONSTRAINT "user_activity_action_type";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_id_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_usage_starts_at_idx" ON "api_usage" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_action_type" CHECK ("user_activity"."action_type" in ('search', 'filter', 'export', 'api'));