-- Each broadcast's numbers from its delivery rows (issue 43): the admin's report reads them, and the retention
-- job keeps them on the broadcast (kept_report) before it erases the rows. Sent: the outbox delivered it (or
-- erased it after delivering); failed: its delivery job gave up; skipped: the person left before their turn;
-- left: they left the list after the broadcast started.
CREATE VIEW audience_broadcast_counts AS
SELECT d.broadcast_id,
  count(*)::int AS recipients,
  (count(*) FILTER (WHERE d.mail_id IS NOT NULL AND (o.id IS NULL OR o.sent_at IS NOT NULL)))::int AS sent,
  (count(*) FILTER (WHERE o.sent_at IS NULL AND j.state = 'dead'))::int AS failed,
  (count(*) FILTER (WHERE d.done_at IS NOT NULL AND d.mail_id IS NULL))::int AS skipped,
  (count(*) FILTER (WHERE s.state = 'unsubscribed' AND s.ended_at >= b.started_at))::int AS "left"
FROM audience_broadcast_deliveries d
JOIN audience_broadcasts b ON b.id = d.broadcast_id
JOIN audience_subscribers s ON s.id = d.subscriber_id
LEFT JOIN mail_outbox o ON o.id = d.mail_id
LEFT JOIN jobs j ON j.idempotency_key = 'mail:' || d.mail_id
GROUP BY d.broadcast_id;
