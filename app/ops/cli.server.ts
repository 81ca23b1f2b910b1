import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError } from "~/core/instance/data-dir-lock.server";
import { errorMessage } from "~/core/logs/database-error";
import { closeDatabase, openDatabase } from "~/core/database/db.server";
import { commandSettings, EnvError, envErrorSentence, loadEnv, type Env } from "~/core/instance/env.server";
import { readServerAddress } from "~/core/instance/server-address.server";
import { backupToFolder } from "./backup/service.server";
import { countRows, restoreBackup, RestoreError } from "./backup/restore.server";
import { runDoctor } from "./doctor.server";
import { registerOpsJobs } from "./jobs.server";
import { LOCAL_TOKEN_HEADER, readLocalToken } from "./local-token.server";

const say = (line: string) => process.stdout.write(`${line}\n`);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Settings for a command: the server's own, without production's start checks (a command sends no links or mail). */
function commandEnv(args: string[]): Env {
  const env = loadEnv({ ...commandSettings(), LOCAL_DEFAULTS: "true" });
  const databaseUrl = option(args, "--database-url");
  const dataDir = option(args, "--data-dir");
  return {
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } : {}),
  };
}

/** A failure a command explains in one sentence that says what to do (no stack trace). */
class CommandError extends Error {}

/**
 * PGlite's folder is held by a running server: ask it, on loopback, at the address it left in that folder
 * (not PORT, which this shell may not share), with the token it keeps there.
 */
async function backupThroughServer(env: Env, locked: DataDirLockedError): Promise<string> {
  const dataDir = path.resolve(env.DATA_DIR);
  const address = readServerAddress(dataDir);
  const token = readLocalToken(dataDir);
  if (!address || !token)
    throw new CommandError(
      `${locked.message.split(". ")[0]}, which left no address for commands: restart the server with this version, or stop it and run the backup again.`,
    );
  const response = await fetch(`${address.url}/_ops/backup`, { method: "POST", headers: { [LOCAL_TOKEN_HEADER]: token } }).catch(
    () => undefined,
  );
  if (!response)
    throw new CommandError(
      `The server holding ${dataDir} (pid ${address.pid}) does not answer at ${address.url}: look at its log, or restart it and run the backup again.`,
    );
  const body = (await response.json().catch(() => ({}))) as { file?: string; bytes?: number; message?: string };
  if (!response.ok || !body.file)
    throw new CommandError(
      `The running server could not take the backup (${body.message ?? `HTTP ${response.status}`}): check BACKUP_DIR and its disk, then try again.`,
    );
  return `${body.file} (${body.bytes} bytes, taken by the running server at ${address.url})`;
}

async function backup(args: string[]): Promise<number> {
  const env = commandEnv(args);
  try {
    await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR), migrate: false });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    say(`Backup written: ${await backupThroughServer(env, error)}`);
    return 0;
  }
  // The job types a backup may queue (the owner's alert check after a failure): defined here as in the server.
  registerOpsJobs(env);
  try {
    const { file, bytes } = await backupToFolder("command");
    say(`Backup written: ${file} (${bytes} bytes)`);
    return 0;
  } finally {
    await closeDatabase();
  }
}

async function restore(args: string[]): Promise<number> {
  const file = args.find((a, i) => !a.startsWith("--") && !["--database-url", "--data-dir"].includes(args[i - 1] ?? ""));
  if (!file || !fs.existsSync(file)) {
    say("Usage: npm run restore -- FILE [--force] [--database-url postgres://...] [--data-dir DIR]");
    return 2;
  }
  const env = commandEnv(args);
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  try {
    const manifest = await restoreBackup((await import("~/core/database/db.server")).getDb(), fs.createReadStream(file), {
      force: args.includes("--force"),
    });
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    say(
      `Restored ${rows} rows in ${Object.keys(manifest.tables).length} tables from ${file} (made ${manifest.createdAt} on ${manifest.database}, Clink ${manifest.appVersion}); checksums match.`,
    );
    say(
      `Target: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : path.resolve(env.DATA_DIR)}. ${Object.keys(await countRows((await import("~/core/database/db.server")).getDb())).length} tables checked.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      say(`Restore refused: ${error.message}`);
      return 1;
    }
    // A row the database refused: its own message, never the SQL and rows it was sent (issue 30).
    say(`Restore failed, nothing was restored: ${errorMessage(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}

/** `node scripts/ops.mjs backup|restore|doctor`: the operations commands, run from the built server. */
export async function runOpsCommand(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === "backup") return await backup(args);
    if (command === "restore") return await restore(args);
    if (command === "doctor") return await runDoctor(args);
    say("Commands: backup, restore FILE [--force], doctor [mail]");
    return 2;
  } catch (error) {
    say(failureSentence(error, command));
    return 1;
  }
}

/** Any failure of a command as one sentence saying what to do. */
function failureSentence(error: unknown, command: string | undefined): string {
  if (error instanceof EnvError)
    return `${envErrorSentence(error)} Fix it in the environment (or .env.example's variables) and run npm run ${command ?? "doctor"} again.`;
  if (error instanceof CommandError || error instanceof DataDirLockedError) return error.message;
  // A database's error is its own message and code, never the query and its parameters.
  const message = errorMessage(error).split("\n")[0];
  return `The ${command ?? "command"} failed: ${message}. Run npm run doctor to see what is wrong.`;
}
