import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { adminUsers } from "./auth";

/**
 * Webhook endpoints (app/webhooks, decision record 0036): where events are sent, which ones, and the
 * signing secret. The secret is kept as given ("whsec_" + base64), as the TOTP secrets are: signing needs it
 * (an HMAC key cannot be hashed away); it is shown once, never listed and never logged.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  events: jsonb("events").$type<string[]>().notNull(),
  includePersonalData: boolean("include_personal_data").notNull().default(false),
  secret: text("secret").notNull(),
  createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * One message to one endpoint and its outcome. `message_id` is the `webhook-id` header, the same on every
 * attempt. `body` is the JSON sent; when it holds personal data (`personal`) it is dropped once delivered,
 * and after 7 days whatever happened (docs/privacy.md). The last 100 per endpoint are kept.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The event's own key (a post going live at a date), so the same event is sent once per endpoint. */
    eventKey: text("event_key"),
    body: text("body"),
    personal: boolean("personal").notNull().default(false),
    /** pending, retrying, delivered or failed. */
    status: text("status").notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    responseCode: smallint("response_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    uniqueIndex("webhook_deliveries_event_key_idx")
      .on(t.endpointId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
  ],
);
