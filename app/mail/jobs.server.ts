import { getDb } from "~/core/database/db.server";
import { defineJobLane, defineJobType, defineSchedule, enqueueJob } from "~/core/jobs/jobs.server";
import type { Env } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { DELIVER_BULK_MAIL, DELIVER_MAIL, findQueuedMail, markMailDropped, markMailSent, type DeliverMailPayload } from "./outbox.server";
import { deliveryHooks, permanentRefusal } from "./delivery-hooks.server";
import { createMailTransport, type MailTransport } from "./transport.server";
import { MAIL_DOMAIN_CHECK_JOB, storeDomainReport } from "./domain-check.server";

const BULK_MAIL_LANE = "bulk-mail";
/** List mail delivered at once per instance: as many as the default lane gave it before it had its own. */
const BULK_MAIL_CONCURRENCY = 3;

/**
 * Mail goes out as `mail.deliver` jobs of the one job runner: a refused message is retried after
 * MAIL_RETRY_BASE_MS, then twice that, up to an hour apart, MAIL_MAX_ATTEMPTS times, then kept as dead
 * for the admin to retry. A message already marked sent, or erased meanwhile, is not sent (again) (a job run twice after a crash
 * between the two writes; the Message-ID stays the same either way).
 */
/**
 * One message. List mail first asks whether it may still go (issue 51): not to a suppressed address, not
 * while its mailing is paused (it is kept, and queued again on resume). A recipient refused for good (an
 * SMTP 5xx to RCPT TO) is reported to the hooks, which suppress the address: list mail is then dropped, not
 * retried; a person's own mail (a reset, an invitation) fails as before, so the admin sees its failure.
 */
async function deliverOne(transport: MailTransport, mailId: number, list: boolean): Promise<void> {
  const mail = await findQueuedMail(mailId);
  // Gone: erased on purpose (a completed deletion request drops the mail about the person).
  if (!mail || mail.sentAt || mail.droppedAt) return;
  const hooks = deliveryHooks();
  if (list && hooks.beforeListMail) {
    const verdict = await hooks.beforeListMail(mail);
    if (verdict !== "send") {
      // Held: the hook marked it in the transaction that read the pause (a resume then finds it).
      if (verdict !== "held") await markMailDropped(mail.id, verdict);
      logger.info({ mailId: mail.id, purpose: mail.purpose, verdict }, "list mail not sent now");
      return;
    }
  }
  try {
    await transport.deliver(mail);
  } catch (error) {
    const answer = permanentRefusal(error, mail.recipient);
    if (!answer) throw error;
    await hooks.refusedForGood?.(mail, answer, list);
    if (!list) throw error;
    await markMailDropped(mail.id, "bounced");
    logger.warn({ mailId: mail.id, purpose: mail.purpose }, "list mail refused for good: the address is suppressed");
    return;
  }
  await markMailSent(mail.id);
  await hooks.delivered?.(mail, list);
  logger.info({ mailId: mail.id, purpose: mail.purpose }, "mail delivered");
}

export async function registerMailJobs(env: Env): Promise<() => Promise<void>> {
  const transport = createMailTransport(env);
  const deliver = ({ mailId }: DeliverMailPayload, list: boolean) => deliverOne(transport, mailId, list);
  const options = { maxAttempts: env.MAIL_MAX_ATTEMPTS, backoffBaseMs: env.MAIL_RETRY_BASE_MS };
  // Mail a person waits for runs in the default lane; list mail in its own (decision record 0052).
  defineJobType<DeliverMailPayload>(DELIVER_MAIL, (payload) => deliver(payload, false), options);
  defineJobLane(BULK_MAIL_LANE, BULK_MAIL_CONCURRENCY);
  defineJobType<DeliverMailPayload>(DELIVER_BULK_MAIL, (payload) => deliver(payload, true), { ...options, lane: BULK_MAIL_LANE });
  logger.info({ transport: transport.describe }, "mail delivery ready");
  return async () => transport.close();
}

/**
 * The domain is checked every 6 hours and at each start, in a lane of its own (a slow resolver holds no other
 * job's place), when the site sends mail for real (SMTP) or signs it; files on one's own machine need none.
 */
export async function registerDomainCheckJob(env: Env): Promise<void> {
  if (env.MAIL_TRANSPORT !== "smtp" && !env.DKIM_DOMAIN) return;
  defineJobLane("mail-dns", 1);
  defineJobType(MAIL_DOMAIN_CHECK_JOB, storeDomainReport, { lane: "mail-dns", maxAttempts: 2 });
  defineSchedule("mail-domain-check", { everyMinutes: 360 }, MAIL_DOMAIN_CHECK_JOB);
  await enqueueJob(getDb(), MAIL_DOMAIN_CHECK_JOB, {}, { idempotencyKey: `mail-domain-check:start:${process.pid}:${Date.now()}` });
}
