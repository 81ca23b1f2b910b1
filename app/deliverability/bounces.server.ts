import { getDb } from "~/core/database/db.server";
import { logger } from "~/core/logs/logger.server";
import type { DeliveryHooks } from "~/mail/delivery-hooks.server";
import type { SuppressionSource } from "./suppressions";
import { campaignVerdict, recordAttempt } from "./campaigns.server";
import { isSuppressed, loadSuppressionKey, suppress } from "./suppressions.server";

/**
 * Bounces and complaints heard (issue 51): a hard bounce or a complaint puts the address on the suppression
 * list and (through its listeners) takes it off every list, in one transaction.
 */
async function addressRefused(email: string, reason: "bounce" | "complaint", source: SuppressionSource): Promise<boolean> {
  await loadSuppressionKey();
  const added = await getDb().transaction((tx) => suppress(tx, { email, reason, source }));
  logger.info({ reason, source, added }, "address suppressed");
  return added;
}

/** What the mail feature asks at delivery time (wired in app/startup.server.ts). */
export function deliverabilityHooks(): DeliveryHooks {
  return {
    beforeListMail: async (mail) => ((await isSuppressed(mail.recipient)) ? "suppressed" : campaignVerdict(mail)),
    delivered: async (mail, list) => {
      if (list && mail.campaign) await recordAttempt(mail.campaign, "delivered");
    },
    refusedForGood: async (mail, _answer, list) => {
      await addressRefused(mail.recipient, "bounce", "smtp");
      if (list && mail.campaign) await recordAttempt(mail.campaign, "bounced");
    },
  };
}
