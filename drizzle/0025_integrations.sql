CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "integrations_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a key made, changed or revoked counts one change of 'integrations', so every instance's
-- cache of valid keys drops it within its version check; a last-use write (no key change) counts none.
CREATE TRIGGER "integrations_count_change" AFTER INSERT OR DELETE OR UPDATE OF "key_hash" OR TRUNCATE ON "integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('integrations');
