import type { Env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { retryDelayMs } from "./message";
import { claimDueMail, markMailFailed, markMailSent, onMailQueued } from "./outbox.server";
import { createMailTransport } from "./transport.server";

/** Another instance's mail is noticed within this long; this instance's own goes out at once. */
const POLL_MS = 2_000;
/** How long a claimed message stays this worker's: longer than the SMTP timeouts added up. */
const LEASE_MS = 2 * 60_000;
const BATCH = 10;

export type OutboxWorker = { stop: () => Promise<void> };

/**
 * Delivers queued mail in the background: a failing or slow mail server delays mail, never a visitor's
 * request. A refused message is retried with exponential back-off (MAIL_RETRY_BASE_MS, doubling).
 */
export function startOutboxWorker(env: Env): OutboxWorker {
  const transport = createMailTransport(env);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await claimDueMail(BATCH, LEASE_MS);
      for (const mail of batch) {
        if (stopped) return; // the lease runs out and another start takes it
        try {
          await transport.deliver(mail);
          await markMailSent(mail.id);
          logger.info({ mailId: mail.id, purpose: mail.purpose }, "mail delivered");
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const delay = retryDelayMs(mail.attempts + 1, env.MAIL_RETRY_BASE_MS);
          await markMailFailed(mail.id, message, delay);
          logger.warn({ mailId: mail.id, purpose: mail.purpose, attempt: mail.attempts + 1, retryInMs: delay, err: message }, "mail not delivered; will retry");
        }
      }
      if (batch.length < BATCH || stopped) return;
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, "mail outbox worker failed; retrying at the next poll"))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, POLL_MS);
          timer.unref();
        }
      });
  }

  const unsubscribe = onMailQueued(run);
  logger.info({ transport: transport.describe }, "mail outbox worker started");
  run();

  return {
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
