import { eq } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { createLink } from "./one-time-links.server";
import { hashPassword } from "./password.server";

/**
 * On start: the site needs an owner. With ADMIN_EMAIL/ADMIN_PASSWORD set (scripts, tests) the owner is
 * made from them, as before staff accounts. Without them no password is ever printed: the console shows
 * a one-time setup link (24 hours; only its hash is stored) to a page where the owner chooses their own.
 * Each start without an owner makes a fresh link, returned for the server to print last, after its start.
 */
export async function ensureOwner(): Promise<string | undefined> {
  const db = getDb();
  const [owner] = await db.select({ id: schema.adminUsers.id }).from(schema.adminUsers).where(eq(schema.adminUsers.role, "owner")).limit(1);
  if (owner) return undefined;
  const env = getEnv();
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const email = env.ADMIN_EMAIL.toLowerCase();
    await db
      .insert(schema.adminUsers)
      .values({
        email,
        name: email.split("@")[0]!,
        slug: null,
        passwordHash: await hashPassword(env.ADMIN_PASSWORD),
        role: "owner",
        status: "active",
      })
      .onConflictDoNothing();
    return undefined;
  }
  const link = await createLink(db, "owner-setup", { email: "" });
  return [
    "No owner account exists yet. Open this link within 24 hours to create it (it works once):",
    `  ${link.url}`,
    "Lost it? Restart the server for a new one, or stop it and run: npm run admin -- create-owner EMAIL",
  ].join("\n");
}
