import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError } from "~/core/data-dir-lock.server";
import { errorMessage } from "~/core/database-error";
import { closeDatabase, openDatabase } from "~/core/db.server";
import { EnvError, loadEnv, localSiteUrl, type Env } from "~/core/env.server";
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
  const env = loadEnv({ ...process.env, LOCAL_DEFAULTS: "true" });
  const databaseUrl = option(args, "--database-url");
  const dataDir = option(args, "--data-dir");
  return { ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } : {}) };
}

/** PGlite's folder is held by a running server: ask it, on loopback, with the token it keeps in that folder. */
async function backupThroughServer(env: Env): Promise<string> {
  const token = readLocalToken(path.resolve(env.DATA_DIR));
  if (!token) throw new Error(`A server holds ${env.DATA_DIR} but left no ops.token there: restart it with this version.`);
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const response = await fetch(`${localSiteUrl(host, env.PORT)}/_ops/backup`, { method: "POST", headers: { [LOCAL_TOKEN_HEADER]: token } });
  const body = (await response.json().catch(() => ({}))) as { file?: string; bytes?: number; message?: string };
  if (!response.ok || !body.file) throw new Error(`The running server could not take the backup: ${body.message ?? response.status}`);
  return `${body.file} (${body.bytes} bytes, taken by the running server)`;
}

async function backup(args: string[]): Promise<number> {
  const env = commandEnv(args);
  try {
    await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR), migrate: false });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    say(`Backup written: ${await backupThroughServer(env)}`);
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
    const manifest = await restoreBackup((await import("~/core/db.server")).getDb(), fs.createReadStream(file), { force: args.includes("--force") });
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    say(`Restored ${rows} rows in ${Object.keys(manifest.tables).length} tables from ${file} (made ${manifest.createdAt} on ${manifest.database}, Clink ${manifest.appVersion}); checksums match.`);
    say(`Target: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : path.resolve(env.DATA_DIR)}. ${Object.keys(await countRows((await import("~/core/db.server")).getDb())).length} tables checked.`);
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
    if (command === "doctor") return await runDoctor();
    say("Commands: backup, restore FILE [--force], doctor");
    return 2;
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      say(error.message);
      return 1;
    }
    say(`Failed: ${errorMessage(error)}`);
    return 1;
  }
}
