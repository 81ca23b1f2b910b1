import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth";
import { bytea, createdAt, updatedAt } from "./columns";

/**
 * Second factors of staff accounts (app/auth/two-factor). Every row belongs to a member of
 * admin_users and goes with them.
 */

/** A member's TOTP secret (RFC 6238). Until `confirmedAt` is set it is a setup in progress and not a factor. */
export const staffTotp = pgTable("staff_totp", {
  adminUserId: integer("admin_user_id")
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  // The last time step a code was accepted for: the same code is never accepted twice.
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes: only a SHA-256 of each is kept; a used one keeps its row with `usedAt`. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_recovery_codes_hash_key").on(t.adminUserId, t.codeHash)],
);

/** WebAuthn credentials (passkeys): a second factor, and a sign-in without a password. */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: serial("id").primaryKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: bytea("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default(""),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_passkeys_credential_key").on(t.credentialId), index("staff_passkeys_user_idx").on(t.adminUserId)],
);

/**
 * A password checked, a second factor still due: the session is issued only when it is given.
 * `stage` "verify" asks for a factor; "setup" (two-factor required, none set up) lets the member set
 * up TOTP first. Only a SHA-256 of the cookie value is stored.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    idHash: text("id_hash").primaryKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: ["verify", "setup"] }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("pending_sign_ins_expires_idx").on(t.expiresAt)],
);

/** WebAuthn challenges, kept on the server until used (once) or expired. */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
    // Registration: whose passkey it will be. Authentication: null (anyone's passkey may answer).
    adminUserId: integer("admin_user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/** The owner's two-factor policy: one row (id 1). */
export const twoFactorPolicy = pgTable("two_factor_policy", {
  id: integer("id").primaryKey().default(1),
  requiredForAllStaff: boolean("required_for_all_staff").notNull().default(false),
  updatedAt: updatedAt(),
});
