import type { QueuedMail } from "./outbox.server";

/**
 * What the mail feature asks of the features above it at delivery time (issue 51), set once at start by
 * app/startup.server.ts (the mail feature, on the lowest floor, knows none of them): whether a list message
 * may still go (its address suppressed, its mailing paused), and what to do when a message was delivered
 * or refused for good. Code only: every instance sets the same hooks, and what they decide is in the database.
 */
export type ListMailVerdict = "send" | "suppressed" | "held" | "cancelled";

export type DeliveryHooks = {
  /**
   * Before a list message goes. "held": not now, its mailing is paused (the hook marks the message held itself,
   * in the transaction that read the pause, so a resume at the same moment finds it); the others: never.
   */
  beforeListMail?: (mail: QueuedMail) => Promise<ListMailVerdict>;
  /** The recipient's server took the message. */
  delivered?: (mail: QueuedMail, list: boolean) => Promise<void>;
  /** The recipient's server refused the message for good (an SMTP 5xx to the recipient). */
  refusedForGood?: (mail: QueuedMail, answer: string, list: boolean) => Promise<void>;
};

let hooks: DeliveryHooks = {};

export function setDeliveryHooks(next: DeliveryHooks): void {
  hooks = next;
}

export const deliveryHooks = (): DeliveryHooks => hooks;

/**
 * A permanent refusal of the recipient: nodemailer's envelope error (RCPT TO answered 5xx) naming the
 * recipient as rejected. A 5xx to the whole message (its content, our sign-in) is not the address's fault,
 * and a 4xx is temporary: both are retried as before.
 */
export function permanentRefusal(error: unknown, recipient: string): string | null {
  const e = error as { code?: string; responseCode?: number; response?: string; rejected?: string[]; message?: string };
  if (e?.code !== "EENVELOPE" || !e.responseCode || e.responseCode < 500 || e.responseCode > 599) return null;
  const rejected = (e.rejected ?? []).map((address) => address.toLowerCase());
  if (rejected.length && !rejected.includes(recipient.trim().toLowerCase())) return null;
  return (e.response ?? e.message ?? String(e.responseCode)).slice(0, 500);
}
