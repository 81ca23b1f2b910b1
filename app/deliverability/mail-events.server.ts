import { and, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import type { Env } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { emailHash } from "~/privacy/email-hash.server";
import {
  mailgunEvents,
  postmarkEvents,
  sendgridEvents,
  sesEvents,
  SOFT_BOUNCE_DAYS,
  SOFT_BOUNCES_FOR_HARD,
  type MailEvent,
  type MailProvider,
} from "./provider-events";
import { isSignedBy } from "./provider-signatures.server";
import { recordLaterEvent } from "./campaigns.server";
import { loadSuppressionKey, suppress } from "./suppressions.server";

/**
 * Bounces and complaints from the mail providers (issue 51, POST /api/mail/events/{provider}): verified as
 * the provider signs them, read into one shape, each acted on once (its key kept 30 days). A hard bounce or a
 * complaint suppresses the address (and it leaves every list, through the suppression's listeners); a soft
 * bounce is counted, and the third within 30 days counts as a hard one.
 */
export type EventsOutcome = { status: "unsigned" } | { status: "done"; received: number; applied: number };

const SNS_SUBSCRIBE_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\//;

function eventsOf(provider: MailProvider, json: unknown): MailEvent[] {
  switch (provider) {
    case "postmark":
      return postmarkEvents(json);
    case "mailgun":
      return mailgunEvents(json);
    case "sendgrid":
      return sendgridEvents(json);
    case "ses": {
      const sns = json as { Type?: string; MessageId?: string; Message?: string };
      if (sns.Type !== "Notification" || typeof sns.Message !== "string") return [];
      try {
        return sesEvents(String(sns.MessageId), JSON.parse(sns.Message));
      } catch {
        return [];
      }
    }
  }
}

/** A verified SNS subscription's confirmation: its address is visited once (only on SNS's own host). */
async function confirmSnsSubscription(json: unknown): Promise<void> {
  const sns = json as { Type?: string; SubscribeURL?: string };
  if (sns.Type !== "SubscriptionConfirmation" || typeof sns.SubscribeURL !== "string") return;
  if (!SNS_SUBSCRIBE_URL.test(sns.SubscribeURL))
    return void logger.warn("SNS subscription not confirmed: its address is not on SNS's host");
  const res = await fetch(sns.SubscribeURL, { signal: AbortSignal.timeout(5000), redirect: "error" }).catch(() => null);
  logger.info({ confirmed: res?.ok ?? false }, "SNS subscription confirmation");
}

/** One event, once, in one transaction; true when it changed something. */
async function applyEvent(provider: MailProvider, event: MailEvent): Promise<boolean> {
  const hash = await emailHash(event.email);
  return getDb().transaction(async (tx) => {
    const fresh = await tx
      .insert(schema.mailProviderEvents)
      .values({ key: event.key })
      .onConflictDoNothing()
      .returning({ key: schema.mailProviderEvents.key });
    if (!fresh.length) return false;
    if (event.kind === "complaint") {
      await suppress(tx, { email: event.email, reason: "complaint", source: provider });
      await recordLaterEvent(tx, event.email, "complaint");
      return true;
    }
    if (event.kind === "soft") {
      const soft = schema.mailSoftBounces;
      await tx.insert(soft).values({ emailHash: hash });
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(soft)
        .where(and(eq(soft.emailHash, hash), gt(soft.createdAt, sql`now() - make_interval(days => ${SOFT_BOUNCE_DAYS})`)));
      if (Number(count?.n ?? 0) < SOFT_BOUNCES_FOR_HARD) return true;
    }
    await suppress(tx, { email: event.email, reason: "bounce", source: provider });
    await recordLaterEvent(tx, event.email, "bounce");
    return true;
  });
}

/** Verifies, reads and applies one request's events. */
export async function receiveMailEvents(
  provider: MailProvider,
  env: Env,
  request: { headers: Headers; body: string },
): Promise<EventsOutcome> {
  let json: unknown = null;
  try {
    json = JSON.parse(request.body);
  } catch {
    // Not JSON: no provider signs that, so it is refused below.
  }
  if (!(await isSignedBy(provider, env, { ...request, json }))) return { status: "unsigned" };
  if (provider === "ses") await confirmSnsSubscription(json);
  const events = eventsOf(provider, json);
  await loadSuppressionKey();
  let applied = 0;
  for (const event of events) if (await applyEvent(provider, event)) applied++;
  // What is older than the window is of no more use (a provider retries for hours).
  const before = sql`now() - make_interval(days => ${SOFT_BOUNCE_DAYS})`;
  await getDb().delete(schema.mailProviderEvents).where(lt(schema.mailProviderEvents.createdAt, before));
  await getDb().delete(schema.mailSoftBounces).where(lt(schema.mailSoftBounces.createdAt, before));
  logger.info({ provider, received: events.length, applied }, "mail provider events");
  return { status: "done", received: events.length, applied };
}
