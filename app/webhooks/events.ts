import { z } from "~/core/text/zod";

/** The events an endpoint may subscribe to (issue 34). */
export const WEBHOOK_EVENTS = [
  "post.published",
  "post.updated",
  "post.unpublished",
  "post.deleted",
  "submission.created",
  "subscriber.confirmed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What "send a test" sends: not an event anyone subscribes to, sent to the one endpoint asked. */
export const TEST_EVENT = "webhook.test";

/** An endpoint as the admin adds it (POST /api/admin/webhooks). */
export const webhookInputSchema = z.strictObject({
  url: z
    .string({ error: "Enter the endpoint's address" })
    .trim()
    .min(1, "Enter the endpoint's address")
    .max(2000, "Keep the address under 2000 characters"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Choose events among ${WEBHOOK_EVENTS.join(", ")}` }), { error: "Choose at least one event" })
    .min(1, "Choose at least one event")
    .transform((events) => [...new Set(events)]),
  includePersonalData: z.boolean({ error: "includePersonalData must be true or false" }).default(false),
});
export type WebhookInput = z.output<typeof webhookInputSchema>;

export type WebhookEndpointRow = { id: number; url: string; events: string[]; includePersonalData: boolean; createdAt: string };
export type WebhookDeliveryRow = {
  id: number;
  messageId: string;
  eventType: string;
  status: "pending" | "retrying" | "delivered" | "failed";
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
};
