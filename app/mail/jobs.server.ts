import { defineJobLane, defineJobType } from "~/core/jobs.server";
import type { Env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { DELIVER_BULK_MAIL, DELIVER_MAIL, findQueuedMail, markMailSent, type DeliverMailPayload } from "./outbox.server";
import { createMailTransport } from "./transport.server";

const BULK_MAIL_LANE = "bulk-mail";
/** List mail delivered at once per instance: as many as the default lane gave it before it had its own. */
const BULK_MAIL_CONCURRENCY = 3;

/**
 * Mail goes out as `mail.deliver` jobs of the one job runner: a refused message is retried after
 * MAIL_RETRY_BASE_MS, then twice that, up to an hour apart, MAIL_MAX_ATTEMPTS times, then kept as dead
 * for the admin to retry. A message already marked sent, or erased meanwhile, is not sent (again) (a job run twice after a crash
 * between the two writes; the Message-ID stays the same either way).
 */
export async function registerMailJobs(env: Env): Promise<() => Promise<void>> {
  const transport = createMailTransport(env);
  const deliver = async ({ mailId }: DeliverMailPayload) => {
    const mail = await findQueuedMail(mailId);
    // Gone: erased on purpose (a completed deletion request drops the mail about the person).
    if (!mail || mail.sentAt) return;
    await transport.deliver(mail);
    await markMailSent(mail.id);
    logger.info({ mailId: mail.id, purpose: mail.purpose }, "mail delivered");
  };
  const options = { maxAttempts: env.MAIL_MAX_ATTEMPTS, backoffBaseMs: env.MAIL_RETRY_BASE_MS };
  // Mail a person waits for runs in the default lane; list mail in its own (decision record 0052).
  defineJobType<DeliverMailPayload>(DELIVER_MAIL, deliver, options);
  defineJobLane(BULK_MAIL_LANE, BULK_MAIL_CONCURRENCY);
  defineJobType<DeliverMailPayload>(DELIVER_BULK_MAIL, deliver, { ...options, lane: BULK_MAIL_LANE });
  logger.info({ transport: transport.describe }, "mail delivery ready");
  return async () => transport.close();
}
