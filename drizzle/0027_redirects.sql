CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_target" text NOT NULL,
	"status" integer NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
-- Hand-written: a rule made, changed or removed counts one change of 'redirects' at commit (as every
-- content counter since 0026), so every instance's rules in memory are read again within its version
-- check; a hit counted (hits, last_hit_at) counts none.
CREATE CONSTRAINT TRIGGER "redirects_count_change" AFTER INSERT OR DELETE OR UPDATE OF "from_path", "to_target", "status" ON "redirects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_content_change"('redirects');
--> statement-breakpoint
CREATE TRIGGER "redirects_count_truncate" AFTER TRUNCATE ON "redirects"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('redirects');
