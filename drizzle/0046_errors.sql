CREATE TABLE "error_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text,
	"browser" text,
	"release" text NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "error_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"first_release" text NOT NULL,
	"release" text NOT NULL,
	"pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"browsers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sample_stack" text DEFAULT '' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_release" text,
	"resolved_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "error_issues_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_issue_id_error_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."error_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_events_issue_idx" ON "error_events" USING btree ("issue_id","occurred_at");--> statement-breakpoint
CREATE INDEX "error_events_occurred_idx" ON "error_events" USING btree ("occurred_at");