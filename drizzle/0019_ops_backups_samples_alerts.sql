CREATE TABLE "ops_alerts" (
	"condition" text PRIMARY KEY NOT NULL,
	"detail" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"bytes" bigint,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ops_backups_started_idx" ON "ops_backups" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "system_samples_taken_idx" ON "system_samples" USING btree ("taken_at");