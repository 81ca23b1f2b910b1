-- Each broadcast's numbers (issue 51 adds bounces and complaints). Sent: the recipient's server took it;
-- bounced: refused for good when sent (mail_outbox.drop_reason), or the address bounced later (a provider's
-- event ended its subscription with reason 'bounce'); complained: reported as spam after the broadcast
-- started; left: left by their own link after it started; skipped: nothing sent (left before their turn,
-- suppressed, or the broadcast was cancelled); failed: its delivery job gave up; refused: the bounces at
-- sending time alone (neither sent nor waiting).
DROP VIEW IF EXISTS audience_broadcast_counts;
--> statement-breakpoint
CREATE VIEW audience_broadcast_counts AS
SELECT d.broadcast_id,
  count(*)::int AS recipients,
  (count(*) FILTER (WHERE d.mail_id IS NOT NULL AND (o.id IS NULL OR o.sent_at IS NOT NULL)))::int AS sent,
  (count(*) FILTER (WHERE o.sent_at IS NULL AND o.dropped_at IS NULL AND j.state = 'dead'))::int AS failed,
  (count(*) FILTER (WHERE (d.done_at IS NOT NULL AND d.mail_id IS NULL) OR o.drop_reason IN ('suppressed', 'cancelled')))::int AS skipped,
  (count(*) FILTER (WHERE s.state = 'unsubscribed' AND s.ended_at >= b.started_at AND s.ended_reason IS NULL))::int AS "left",
  (count(*) FILTER (WHERE o.drop_reason = 'bounced' OR (s.ended_reason = 'bounce' AND s.ended_at >= b.started_at AND o.sent_at IS NOT NULL)))::int AS bounced,
  (count(*) FILTER (WHERE s.ended_reason = 'complaint' AND s.ended_at >= b.started_at))::int AS complained,
  (count(*) FILTER (WHERE o.drop_reason = 'bounced'))::int AS refused
FROM audience_broadcast_deliveries d
JOIN audience_broadcasts b ON b.id = d.broadcast_id
JOIN audience_subscribers s ON s.id = d.subscriber_id
LEFT JOIN mail_outbox o ON o.id = d.mail_id
LEFT JOIN jobs j ON j.idempotency_key = 'mail:' || d.mail_id
GROUP BY d.broadcast_id;
