CREATE TABLE "audience_broadcast_deliveries" (
	"broadcast_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"mail_id" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_broadcast_deliveries_broadcast_id_subscriber_id_pk" PRIMARY KEY("broadcast_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "audience_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"markdown" text NOT NULL,
	"list" text NOT NULL,
	"segment_city" text,
	"segment_platform" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"kept_report" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_broadcast_deliveries" ADD CONSTRAINT "audience_broadcast_deliveries_broadcast_id_audience_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."audience_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_broadcast_deliveries" ADD CONSTRAINT "audience_broadcast_deliveries_subscriber_id_audience_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."audience_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_broadcasts" ADD CONSTRAINT "audience_broadcasts_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_broadcast_deliveries_todo_idx" ON "audience_broadcast_deliveries" USING btree ("broadcast_id") WHERE "audience_broadcast_deliveries"."done_at" is null;--> statement-breakpoint
CREATE INDEX "audience_broadcasts_created_idx" ON "audience_broadcasts" USING btree ("created_at");