-- Hand-written: every statement that writes a content table counts one change of that content
-- (content_changes, decision record 0023). A statement trigger, so a bulk import counts once, and
-- a row changed straight in SQL is seen by every instance like a change made through the site.
CREATE FUNCTION "count_content_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "content_changes" ("name", "changes", "changed_at") VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT ("name") DO UPDATE SET "changes" = "content_changes"."changes" + 1, "changed_at" = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blog_posts_count_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('blog');
--> statement-breakpoint
CREATE TRIGGER "blog_images_count_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('blog');
--> statement-breakpoint
CREATE TRIGGER "blog_tags_count_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('tags');
--> statement-breakpoint
CREATE TRIGGER "venues_count_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "venues"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_content_change"('venues');
