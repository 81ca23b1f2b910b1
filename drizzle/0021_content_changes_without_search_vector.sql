CREATE TABLE "content_changes" (
	"name" text PRIMARY KEY NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "blog_posts_search_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" DROP COLUMN "search_vector";