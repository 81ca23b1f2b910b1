import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** A request to delete someone's data: pending until its e-mail link is confirmed, then verified, then completed. */
export const dataDeletionRequests = pgTable(
  "data_deletion_requests",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    status: text("status").notNull().default("pending"),
    /** SHA-256 of the link's token: the token itself is only ever in the e-mail. */
    tokenHash: text("token_hash").notNull(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("data_deletion_requests_token_hash_key").on(t.tokenHash)],
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
