CREATE TABLE "audience_post_deliveries" (
	"post_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"mail_id" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_post_deliveries_post_id_subscriber_id_pk" PRIMARY KEY("post_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "audience_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"email" text NOT NULL,
	"city" text,
	"platform" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"consent_page" text NOT NULL,
	"consent_wording" text NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_waitlist_spots" (
	"id" integer PRIMARY KEY NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "audience_post_deliveries" ADD CONSTRAINT "audience_post_deliveries_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_post_deliveries" ADD CONSTRAINT "audience_post_deliveries_subscriber_id_audience_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."audience_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_post_deliveries_todo_idx" ON "audience_post_deliveries" USING btree ("post_id") WHERE "audience_post_deliveries"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "audience_subscribers_list_email_key" ON "audience_subscribers" USING btree ("list",lower("email"));--> statement-breakpoint
CREATE INDEX "audience_subscribers_token_idx" ON "audience_subscribers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "audience_subscribers_state_idx" ON "audience_subscribers" USING btree ("list","state");
