ALTER TABLE "discoverability_jobs" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "discoverability_jobs" CASCADE;--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "last_error";