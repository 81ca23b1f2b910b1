CREATE TABLE "mail_campaigns" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"attempted" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"complained" integer DEFAULT 0 NOT NULL,
	"block" integer DEFAULT 0 NOT NULL,
	"block_bounced" integer DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"paused_block" integer,
	"complaints_at_pause" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "campaign" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_held_idx" ON "mail_outbox" USING btree ("campaign") WHERE "mail_outbox"."drop_reason" = 'held';