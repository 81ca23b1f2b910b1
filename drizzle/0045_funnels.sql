CREATE TABLE "analytics_brought_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_funnel_days" (
	"funnel_id" integer NOT NULL,
	"filters" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"reached" integer[] NOT NULL,
	CONSTRAINT "analytics_funnel_days_funnel_id_filters_day_pk" PRIMARY KEY("funnel_id","filters","day")
);
--> statement-breakpoint
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
	"views" integer DEFAULT 1 NOT NULL,
	"landing" text,
	"landing_source" text,
	"landing_campaign" text
);
--> statement-breakpoint
ALTER TABLE "analytics_funnel_days" ADD CONSTRAINT "analytics_funnel_days_funnel_id_analytics_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."analytics_funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_visit_steps_visitor_idx" ON "analytics_visit_steps" USING btree ("day","visitor","at");--> statement-breakpoint
CREATE INDEX "analytics_visit_steps_goal_idx" ON "analytics_visit_steps" USING btree ("day","goal") WHERE goal is not null;