CREATE TABLE "mail_suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"email" text,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "drop_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_suppressions_email_hash_key" ON "mail_suppressions" USING btree ("email_hash");