ALTER TABLE "ops_backups" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "ops_backups" ADD COLUMN "lease_until" timestamp with time zone;