ALTER TABLE "blog_posts" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_image" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_title" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;