CREATE TABLE "analytics_funnels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_steps" (
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"at" bigint NOT NULL,
	"path" text NOT NULL,
	"goal" text,
	"source" text,
	"campaign" text,
	"screen" text,
	"city" text,
	"views" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_visit_steps_visitor_idx" ON "analytics_visit_steps" USING btree ("day","visitor","at");--> statement-breakpoint
CREATE INDEX "analytics_visit_steps_goal_idx" ON "analytics_visit_steps" USING btree ("day","goal") WHERE goal is not null;