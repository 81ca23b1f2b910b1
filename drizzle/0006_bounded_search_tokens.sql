ALTER TABLE "blog_posts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(excerpt, '') || ' ' || coalesce(author, '') || ' ' || coalesce(category, ''), '(\S{50})', '\1 ', 'g')), 'B') || setweight(to_tsvector('english', regexp_replace(coalesce(content, ''), '(\S{50})', '\1 ', 'g')), 'C')) STORED;--> statement-breakpoint
-- Written by hand: dropping the column dropped its GIN index, which drizzle-kit does not recreate.
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector") WITH (fastupdate=false);
