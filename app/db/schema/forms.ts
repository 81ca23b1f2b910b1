import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * A request to delete someone's data: requested until its e-mail link is confirmed, then verified, then
 * completed (or expired, when the link was never used). Completing it erases name, e-mail and phone; what
 * is left proves the request was honoured: its dates, its state and a keyed hash of the e-mail address.
 */
export const dataDeletionRequests = pgTable(
  "data_deletion_requests",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name"),
    email: text("email"),
    phone: text("phone"),
    /** HMAC of the lower-cased address (app/privacy/email-hash.server.ts): recognises a repeat after erasure. */
    emailHash: text("email_hash"),
    status: text("status").notNull().default("requested"),
    /** SHA-256 of the link's token: the token itself is only ever in the e-mail. */
    tokenHash: text("token_hash").notNull(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("data_deletion_requests_token_hash_key").on(t.tokenHash), index("data_deletion_requests_status_idx").on(t.status)],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    inquiryType: text("inquiry_type").notNull().default("general_info"),
    budget: text("budget"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    // Advertising enquiries keep these apart from the message, so the admin card can show them.
    companyName: text("company_name"),
    phone: text("phone"),
    website: text("website"),
    /** For a confirmed deletion request: the request it stands for in the inbox. */
    deletionRequestId: integer("deletion_request_id").references(() => dataDeletionRequests.id, { onDelete: "set null" }),
    isResolved: boolean("is_resolved").notNull().default(false),
    /** The admin's own note on a submission; never shown to the visitor. */
    internalNote: text("internal_note"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_submissions_created_idx").on(t.createdAt)],
);
