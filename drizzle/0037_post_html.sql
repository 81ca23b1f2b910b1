CREATE TABLE "blog_post_html" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"source_hash" text NOT NULL,
	"html" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_html" ADD CONSTRAINT "blog_post_html_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;