/**
 * A list-mail batch queues its messages in one statement and marks its delivery rows in another
 * (list-mail.server.ts): each row gets its own person's message id, in the order queued, or null for a person
 * skipped (left the list, suppressed), whose message was never queued.
 */
export function deliveryMarks<T>(
  subscriberIds: number[],
  messages: (T | null)[],
  queuedIds: number[],
): { subscriberId: number; mailId: number | null }[] {
  const sent = messages.filter((message) => message !== null).length;
  if (messages.length !== subscriberIds.length || sent !== queuedIds.length)
    throw new Error(
      `delivery marks: ${subscriberIds.length} rows, ${messages.length} messages, ${sent} to queue, ${queuedIds.length} queued`,
    );
  let next = 0;
  return subscriberIds.map((subscriberId, i) => ({ subscriberId, mailId: messages[i] === null ? null : queuedIds[next++]! }));
}
