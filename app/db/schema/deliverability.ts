import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The suppression list (issue 51): addresses no list mail goes to, because they bounced for good, their owner
 * reported a message as spam, or an administrator put them there. Matched by the keyed hash of the lower-cased
 * address (app/privacy/email-hash.server.ts, as erasure records are); the address itself is kept only to show it
 * to the admin, and an erasure blanks it (the hash stays, so the erased address is still never mailed).
 */
export const mailSuppressions = pgTable(
  "mail_suppressions",
  {
    id: serial("id").primaryKey(),
    emailHash: text("email_hash").notNull(),
    /** Shown to the admin; null once a deletion request erased it. */
    email: text("email"),
    /** bounce, complaint or manual. */
    reason: text("reason").notNull(),
    /** Who said so: smtp (a refusal at sending time), postmark, mailgun, sendgrid, ses, or admin. */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_suppressions_email_hash_key").on(t.emailHash)],
);

/**
 * Each provider event already acted on (issue 51), by its key ("mailgun:<event id>", "ses:<SNS message id>:<recipient's place>"):
 * a provider sends an event again until it is answered, and the second time changes nothing. No address in
 * a key; erased after 30 days (a provider retries for hours, not weeks).
 */
export const mailProviderEvents = pgTable("mail_provider_events", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/** Soft bounces (a full mailbox, a server saying "later"), by the address's keyed hash: three in 30 days count as a hard one. */
export const mailSoftBounces = pgTable(
  "mail_soft_bounces",
  {
    id: serial("id").primaryKey(),
    emailHash: text("email_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_soft_bounces_hash_idx").on(t.emailHash, t.createdAt)],
);

/**
 * A mailing as it goes out (a broadcast, a new post's e-mails; issue 51): what was attempted, refused for good
 * and complained about, counted in blocks of 200 attempts, and whether it paused itself (too many bounces in a
 * block, too many complaints) until an administrator resumes or cancels it. Its held messages wait in the
 * outbox (drop_reason 'held'). No personal data.
 */
export const mailCampaigns = pgTable("mail_campaigns", {
  key: text("key").primaryKey(),
  /** What the owner is told it is ("Broadcast #12: Clink is open in Sydney"). */
  label: text("label").notNull(),
  attempted: integer("attempted").notNull().default(0),
  bounced: integer("bounced").notNull().default(0),
  complained: integer("complained").notNull().default(0),
  /** The block of 200 attempts being counted, and its hard bounces. */
  block: integer("block").notNull().default(0),
  blockBounced: integer("block_bounced").notNull().default(0),
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  pausedReason: text("paused_reason"),
  /** The block a bounce pause was for (resumed, that block does not pause it again), and the complaints then. */
  pausedBlock: integer("paused_block"),
  complaintsAtPause: integer("complaints_at_pause").notNull().default(0),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  createdAt: createdAt(),
});
