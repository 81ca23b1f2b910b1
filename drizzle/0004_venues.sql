CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"city" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"type" text NOT NULL,
	"rating" double precision NOT NULL,
	"price_level" text NOT NULL,
	"open_until" text NOT NULL,
	"happy_hour" jsonb,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"image" text NOT NULL,
	"upcoming_events" integer DEFAULT 0 NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "venues_slug_key" ON "venues" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "venues_city_idx" ON "venues" USING btree ("city","hidden");