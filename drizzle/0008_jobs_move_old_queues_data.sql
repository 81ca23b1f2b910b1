-- Hand-written (jobs helper): every message and IndexNow ping the two old queues had not finished becomes a
-- job of the one runner, so none is lost on upgrade. Runs after 0007 (jobs table) and before 0009 (drops the
-- old columns and table).
-- Mail: the message stays in mail_outbox; its delivery state (attempts, next attempt, last error) moves into
-- a mail.deliver job. A message that had spent its attempts still gets at least one more.
INSERT INTO "jobs" ("type", "payload", "state", "attempts", "max_attempts", "run_at", "last_error", "idempotency_key", "created_at")
SELECT 'mail.deliver', jsonb_build_object('mailId', "id"), 'queued', "attempts", greatest(12, "attempts" + 1),
  "next_attempt_at", "last_error", 'mail:' || "id", "created_at"
FROM "mail_outbox" WHERE "sent_at" IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- IndexNow pings: the ones still being retried stay queued; the ones that had given up (10 attempts) are kept
-- as dead, where the admin can now see and retry them.
INSERT INTO "jobs" ("type", "payload", "state", "attempts", "max_attempts", "run_at", "last_error", "created_at", "finished_at")
SELECT 'indexnow.post-changed', "payload",
  CASE WHEN "attempts" >= 10 THEN 'dead' ELSE 'queued' END,
  "attempts", greatest(10, "attempts"),
  CASE WHEN "attempts" >= 10 THEN "run_after" ELSE least("run_after", now()) END,
  "last_error", "created_at",
  CASE WHEN "attempts" >= 10 THEN now() END
FROM "discoverability_jobs" WHERE "done_at" IS NULL;
