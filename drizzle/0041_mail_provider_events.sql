CREATE TABLE "mail_provider_events" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_soft_bounces" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_soft_bounces_hash_idx" ON "mail_soft_bounces" USING btree ("email_hash","created_at");