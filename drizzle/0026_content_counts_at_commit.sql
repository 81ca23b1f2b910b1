-- Hand-written: a content write counts its change at COMMIT, not at the statement (decision 0023, revised).
-- The statement triggers of 0022/0025 took the counter row's lock at the first write and held it to
-- the end of the transaction, so every writer of a kind of content queued behind the others' whole
-- transactions (image, revision, audit, jobs): under load a queued insert passed the 5 s statement
-- timeout and a committed-looking save answered 500. A deferred constraint trigger fires at commit;
-- the lock is then held only for the commit itself. Row triggers, so a transaction-local flag keeps a
-- bulk write to one upsert per kind; TRUNCATE (no constraint trigger for it) keeps a statement trigger.
CREATE OR REPLACE FUNCTION "count_content_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clink.counted_' || TG_ARGV[0], true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('clink.counted_' || TG_ARGV[0], '1', true);
  INSERT INTO "content_changes" ("name", "changes", "changed_at") VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT ("name") DO UPDATE SET "changes" = "content_changes"."changes" + 1, "changed_at" = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "blog_posts_count_change" ON "blog_posts";
--> statement-breakpoint
DROP TRIGGER "blog_images_count_change" ON "blog_images";
--> statement-breakpoint
DROP TRIGGER "blog_tags_count_change" ON "blog_tags";
--> statement-breakpoint
DROP TRIGGER "venues_count_change" ON "venues";
--> statement-breakpoint
DROP TRIGGER "integrations_count_change" ON "integrations";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blog_posts_count_change" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_content_change"('blog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blog_images_count_change" AFTER INSERT OR UPDATE OR DELETE ON "blog_images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_content_change"('blog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blog_tags_count_change" AFTER INSERT OR UPDATE OR DELETE ON "blog_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_content_change"('tags');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "venues_count_change" AFTER INSERT OR UPDATE OR DELETE ON "venues"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_content_change"('venues');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "integrations_count_change" AFTER INSERT OR DELETE OR UPDATE OF "key_hash" ON "integrations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_content_change"('integrations');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_count_truncate" AFTER TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('blog');
--> statement-breakpoint
CREATE TRIGGER "blog_images_count_truncate" AFTER TRUNCATE ON "blog_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('blog');
--> statement-breakpoint
CREATE TRIGGER "blog_tags_count_truncate" AFTER TRUNCATE ON "blog_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('tags');
--> statement-breakpoint
CREATE TRIGGER "venues_count_truncate" AFTER TRUNCATE ON "venues"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('venues');
--> statement-breakpoint
CREATE TRIGGER "integrations_count_truncate" AFTER TRUNCATE ON "integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('integrations');
