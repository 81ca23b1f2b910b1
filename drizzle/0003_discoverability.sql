CREATE TABLE "crawler_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crawler" text NOT NULL,
	"verified" boolean NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"visited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discoverability_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discoverability_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_engine_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"endpoint" text NOT NULL,
	"url_count" integer NOT NULL,
	"success" boolean NOT NULL,
	"http_status" integer,
	"error" text,
	"trigger" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"page" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crawler_visits_visited_idx" ON "crawler_visits" USING btree ("visited_at");--> statement-breakpoint
CREATE INDEX "crawler_visits_crawler_idx" ON "crawler_visits" USING btree ("crawler","visited_at");--> statement-breakpoint
CREATE INDEX "discoverability_jobs_due_idx" ON "discoverability_jobs" USING btree ("done_at","run_after");--> statement-breakpoint
CREATE INDEX "search_engine_submissions_created_idx" ON "search_engine_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "web_vitals_recorded_idx" ON "web_vitals" USING btree ("recorded_at","metric");