import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { schema, type DbExecutor } from "~/core/database/db.server";

const same = (column: typeof schema.contactSubmissions.email | typeof schema.mailOutbox.recipient, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * Erases, inside `tx`, what the site holds about the person at `email` for the deletion request `requestId`:
 * every contact submission from that address, every mailing-list subscription, every other deletion request of theirs, the mail to or about
 * them in the outbox (undelivered mail is dropped; delivered mail keeps no address, subject or text), the
 * address on the suppression list (its keyed hash stays, so it is still never mailed), and
 * audit summaries that named them. The request itself keeps its dates, state and the address's keyed hash.
 * The outbox folder's files are the caller's to erase after the commit (eraseOutboxFiles).
 */
export async function erasePersonData(
  tx: DbExecutor,
  requestId: number,
  email: string,
): Promise<{ contactSubmissions: number; outboxMessages: number }> {
  const submissions = await tx
    .delete(schema.contactSubmissions)
    .where(same(schema.contactSubmissions.email, email))
    .returning({ id: schema.contactSubmissions.id });

  // Every mailing list they were on (app/audience), with the consent records and new-post deliveries.
  await tx.delete(schema.subscribers).where(sql`lower(${schema.subscribers.email}) = ${email.trim().toLowerCase()}`);

  // The suppression list keeps only the keyed hash (the address is still never mailed), not the address.
  await tx
    .update(schema.mailSuppressions)
    .set({ email: null })
    .where(sql`lower(${schema.mailSuppressions.email}) = ${email.trim().toLowerCase()}`);

  const outbox = schema.mailOutbox;
  const aboutThem = or(same(outbox.recipient, email), sql`lower(${outbox.replyTo}) = ${email.trim().toLowerCase()}`);
  const dropped = await tx
    .delete(outbox)
    .where(and(aboutThem, isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  const blanked = await tx
    .update(outbox)
    .set({ recipient: "", replyTo: null, subject: "", textBody: "", htmlBody: "", headers: null })
    .where(aboutThem)
    .returning({ id: outbox.id });

  const requests = schema.dataDeletionRequests;
  await tx
    .delete(requests)
    .where(
      and(
        sql`lower(${requests.email}) = ${email.trim().toLowerCase()}`,
        ne(requests.id, requestId),
        inArray(requests.status, ["requested", "expired"]),
      ),
    );
  await tx
    .update(requests)
    .set({ firstName: null, email: null, phone: null })
    .where(or(eq(requests.id, requestId), sql`lower(${requests.email}) = ${email.trim().toLowerCase()}`));

  // A refused delivery's error may quote the address.
  await tx
    .update(schema.jobs)
    .set({ lastError: null })
    .where(sql`position(${email.trim().toLowerCase()} in lower(coalesce(${schema.jobs.lastError}, ''))) > 0`);

  // A webhook delivery not yet sent (or within its 7 days) may carry their enquiry: its body is dropped
  // (the delivery is then not sent; what a receiver already got is the receiver's, docs/privacy.md).
  await tx
    .update(schema.webhookDeliveries)
    .set({ body: null })
    .where(
      and(
        eq(schema.webhookDeliveries.personal, true),
        sql`position(${email.trim().toLowerCase()} in lower(coalesce(${schema.webhookDeliveries.body}, ''))) > 0`,
      ),
    );

  // Older audit lines named the submitter in their summary; the line stays (who did what, to which id).
  await tx
    .update(schema.auditLog)
    .set({ summary: null, details: null })
    .where(
      sql`position(${email.trim().toLowerCase()} in lower(coalesce(${schema.auditLog.summary}, '') || coalesce(${schema.auditLog.details}::text, ''))) > 0`,
    );

  return { contactSubmissions: submissions.length, outboxMessages: dropped.length + blanked.length };
}
