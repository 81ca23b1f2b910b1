import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { adminUsers } from "./auth";
import { blogPosts } from "./blog";
import { createdAt } from "./columns";

/**
 * The site's own mailing lists (app/audience, decision record 0038): one row per address and list
 * ("waitlist": the early-adopter list with its spots; "blog": new posts by e-mail). Double opt-in: a row is
 * `pending` until its e-mail link is confirmed, then `confirmed` (on the waitlist: given a spot) or, on a full
 * waitlist, `notify` (to be told when the app opens in their city); `unsubscribed` when it ended. The consent
 * record is the row: the list, when and from which page, the wording shown, confirmed at, ended at.
 */
export const subscribers = pgTable(
  "audience_subscribers",
  {
    id: serial("id").primaryKey(),
    list: text("list").notNull(),
    email: text("email").notNull(),
    /** Waitlist only: the city (a popular city's name, or "Other") and platform (ios, android). */
    city: text("city"),
    platform: text("platform"),
    state: text("state").notNull().default("pending"),
    consentPage: text("consent_page").notNull(),
    consentWording: text("consent_wording").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * Why it ended when the person did not leave by the link (issue 51): "bounce" (their address was refused
     * for good) or "complaint" (they reported a message as spam: an unsubscribe, said as such). Null otherwise.
     */
    endedReason: text("ended_reason"),
    /** SHA-256 of the confirmation link's token (shared by the rows of one sign-up); the token is only in the e-mail. */
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("audience_subscribers_list_email_key").on(t.list, sql`lower(${t.email})`),
    index("audience_subscribers_token_idx").on(t.tokenHash),
    index("audience_subscribers_state_idx").on(t.list, t.state),
  ],
);

/**
 * The waitlist's spots: one row (id 1) counting the spots given. A confirmation takes one with a conditional
 * update (`taken < total`), so parallel confirmations on any number of instances never give more than there are.
 */
export const waitlistSpots = pgTable("audience_waitlist_spots", {
  id: integer("id").primaryKey(),
  taken: integer("taken").notNull().default(0),
});

/**
 * A mailing's delivery rows (a new post's, a broadcast's): one per item and subscriber, the primary key making
 * the e-mail queued once, never twice, across instances and restarts; mail_id is set in the transaction that
 * queues the message (null: still to do; done_at without one: skipped, having left the list meanwhile).
 * Erased with the subscriber or the item; `<name>_todo_idx` finds what is left to do.
 */
function deliveryTable<N extends string, K extends string>(name: N, key: K, column: string, item: () => AnyPgColumn) {
  const itemId = integer(column).notNull().references(item, { onDelete: "cascade" });
  const shared = {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    mailId: integer("mail_id"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  };
  // A computed key: TypeScript needs to be told it is `key`.
  const columns = { [key]: itemId, ...shared } as { [P in K]: typeof itemId } & typeof shared;
  return pgTable(name, columns, (t) => {
    const byItem = (t as unknown as Record<K, AnyPgColumn>)[key];
    return [
      primaryKey({ columns: [byItem, t.subscriberId] }),
      index(`${name}_todo_idx`)
        .on(byItem)
        .where(sql`${t.doneAt} is null`),
    ];
  });
}

/** The new-post e-mail to each blog subscriber (the post is queued once per reader). */
export const postDeliveries = deliveryTable("audience_post_deliveries", "postId", "post_id", () => blogPosts.id);

/**
 * A broadcast (issue 43, decision record 0049): an e-mail written by staff in Markdown, to a list and a
 * segment of it (the waitlist's city and platform). `draft` until sent; `scheduled` waits for send_at;
 * `sending` once its recipients were taken (one delivery row each); `sent` when every row was done.
 */
export const broadcasts = pgTable(
  "audience_broadcasts",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    markdown: text("markdown").notNull(),
    list: text("list").notNull(),
    segmentCity: text("segment_city"),
    segmentPlatform: text("segment_platform"),
    state: text("state").notNull().default("draft"),
    /** When a scheduled broadcast goes (the sender chose it in SITE_TIMEZONE). */
    sendAt: timestamp("send_at", { withTimezone: true }),
    /** When its recipients were taken (the segment read at that moment). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The report's numbers, kept once the delivery rows (who was sent it) are erased by the retention job. */
    keptReport: jsonb("kept_report").$type<{
      recipients: number;
      sent: number;
      failed: number;
      skipped: number;
      left: number;
      bounced?: number;
      complained?: number;
      refused?: number;
    }>(),
    /** The staff member who wrote it (null once they are removed). */
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audience_broadcasts_created_idx").on(t.createdAt)],
);

/**
 * Who each broadcast goes to, written when its recipients are taken; erased with the subscriber, and by the
 * retention job some days after the broadcast finished.
 */
export const broadcastDeliveries = deliveryTable("audience_broadcast_deliveries", "broadcastId", "broadcast_id", () => broadcasts.id);

/** Each broadcast's report numbers from its delivery rows: a view (drizzle/0036_broadcast_counts_view.sql). */
export const broadcastCounts = pgView("audience_broadcast_counts", {
  broadcastId: integer("broadcast_id").notNull(),
  recipients: integer("recipients").notNull(),
  sent: integer("sent").notNull(),
  failed: integer("failed").notNull(),
  skipped: integer("skipped").notNull(),
  left: integer("left").notNull(),
  bounced: integer("bounced").notNull(),
  complained: integer("complained").notNull(),
  refused: integer("refused").notNull(),
}).existing();
