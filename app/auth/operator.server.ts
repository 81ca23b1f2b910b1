import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { closeDatabase, getDb, openDatabase, schema } from "~/core/database/db.server";
import { DataDirLockedError } from "~/core/instance/data-dir-lock.server";
import { commandSettings, EnvError, envErrorSentence, loadEnv } from "~/core/instance/env.server";
import { createLink } from "./one-time-links.server";

/**
 * The operator's way back in, from the server's shell when every account is locked out
 * (`npm run admin -- reset-password EMAIL`, `npm run admin -- create-owner EMAIL`). It opens the
 * database as the server does (DATA_DIR or DATABASE_URL) and prints a one-time link: no password is
 * printed or typed on a command line. On the embedded database the server must be stopped first.
 */
const USAGE = `Usage:
  npm run admin -- reset-password EMAIL   a link (1 hour, once) to choose a new password for EMAIL
  npm run admin -- create-owner EMAIL     a link (24 hours, once) to create the owner, when there is none`;

export async function runAdminCommand(
  args: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<number> {
  const [command, rawEmail] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (!email || (command !== "reset-password" && command !== "create-owner")) {
    out(USAGE);
    return 64;
  }
  try {
    // The settings `npm start` runs with in a checkout, the caller's own where it says NODE_ENV (a server).
    const env = loadEnv(commandSettings());
    try {
      await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        out(
          `The server (pid ${error.holderPid}) holds the embedded database in ${error.dataDir}, which one process only can open: stop the server, run this command, then start the server again.`,
        );
        return 75;
      }
      throw error;
    }
    try {
      return command === "reset-password" ? await resetLink(email, out) : await ownerLink(email, out);
    } finally {
      await closeDatabase();
    }
  } catch (error) {
    if (error instanceof EnvError) out(`${envErrorSentence(error)} Fix it in the environment and run the command again.`);
    else
      out(
        `The admin command failed: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}. Run npm run doctor to see what is wrong.`,
      );
    return 1;
  }
}

async function resetLink(email: string, out: (line: string) => void): Promise<number> {
  const db = getDb();
  const [member] = await db
    .select({ id: schema.adminUsers.id, status: schema.adminUsers.status })
    .from(schema.adminUsers)
    .where(eq(sql`lower(${schema.adminUsers.email})`, email))
    .limit(1);
  if (!member) {
    out(`No staff member has the address ${email}. To create the owner: npm run admin -- create-owner ${email}`);
    return 1;
  }
  // A suspended member is reactivated: the operator is the last resort of a locked-out team.
  if (member.status !== "active") await db.update(schema.adminUsers).set({ status: "active" }).where(eq(schema.adminUsers.id, member.id));
  const link = await createLink(db, "password-reset", { email, staffId: member.id });
  out(
    `Open this link within 1 hour to choose a new password for ${email} (it works once; every session of the account ends):\n  ${link.url}`,
  );
  return 0;
}

async function ownerLink(email: string, out: (line: string) => void): Promise<number> {
  const db = getDb();
  const [owner] = await db
    .select({ email: schema.adminUsers.email })
    .from(schema.adminUsers)
    .where(eq(schema.adminUsers.role, "owner"))
    .limit(1);
  if (owner) {
    out(`The site already has an owner (${owner.email}). To let them in again: npm run admin -- reset-password ${owner.email}`);
    return 1;
  }
  const link = await createLink(db, "owner-setup", { email });
  out(`Open this link within 24 hours to create the owner account ${email} (it works once):\n  ${link.url}`);
  return 0;
}
