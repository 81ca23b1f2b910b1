CREATE TABLE "cdn_purges" (
	"id" serial PRIMARY KEY NOT NULL,
	"tags" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "cdn_purges_status_idx" ON "cdn_purges" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "cdn_purges_job_idx" ON "cdn_purges" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "cdn_purges_queued_at_idx" ON "cdn_purges" USING btree ("queued_at");