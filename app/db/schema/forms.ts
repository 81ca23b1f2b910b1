import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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
    isResolved: boolean("is_resolved").notNull().default(false),
    /** The admin's own note on a submission; never shown to the visitor. */
    internalNote: text("internal_note"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_submissions_created_idx").on(t.createdAt)],
);

/** The admin's audit trail: who did what to which record, and when. */
