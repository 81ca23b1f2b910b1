CREATE TABLE "blog_post_pending" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer NOT NULL,
	"base_version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "autosave_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "blog_post_pending" ADD CONSTRAINT "blog_post_pending_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_pending" ADD CONSTRAINT "blog_post_pending_saved_by_admin_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;