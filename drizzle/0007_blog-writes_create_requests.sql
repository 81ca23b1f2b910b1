CREATE TABLE "blog_create_requests" (
	"admin_user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"post_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_create_requests_admin_user_id_key_pk" PRIMARY KEY("admin_user_id","key")
);
--> statement-breakpoint
ALTER TABLE "blog_create_requests" ADD CONSTRAINT "blog_create_requests_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_create_requests_created_idx" ON "blog_create_requests" USING btree ("created_at");