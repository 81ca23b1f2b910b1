-- Hand-written (privacy): runs after 0014_privacy_erasure.
-- The first state of a deletion request is now called "requested" (it was "pending").
UPDATE "data_deletion_requests" SET "status" = 'requested' WHERE "status" = 'pending';
--> statement-breakpoint
-- Links already sent carry a token; delivered ones no longer need their text.
UPDATE "mail_outbox" SET "subject" = '', "text_body" = '', "html_body" = '' WHERE "purpose" = 'deletion-verification' AND "sent_at" IS NOT NULL;
