-- Hand-written (runs after 0010_blog_writes): every post already there gets its current text as
-- its first revision, so the first edit after the upgrade can be compared and undone.
INSERT INTO "blog_post_revisions" ("post_id", "title", "excerpt", "content", "fields", "actor_email", "created_at")
SELECT "id", "title", "excerpt", "content",
  jsonb_build_object('author', "author", 'category', "category", 'tags', to_jsonb("tags"), 'imageAlt', "image_alt"),
  'before revisions were kept', "updated_at"
FROM "blog_posts";
