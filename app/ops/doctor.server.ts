import path from "node:path";
import nodemailer from "nodemailer";
import { DataDirLockedError } from "~/core/instance/data-dir-lock.server";
import { CLOCK_SKEW_WARN_MS, measureDbClock } from "~/core/database/db-clock.server";
import { closeDatabase, getDb, openDatabase } from "~/core/database/db.server";
import { commandSettings, EnvError, envErrorSentence, loadEnv, type Env } from "~/core/instance/env.server";
import { readServerAddress } from "~/core/instance/server-address.server";
import { checkMailDomain } from "~/mail/domain-check.server";
import { codeMigration, databaseMigration } from "./backup/catalog.server";
import { configWarnings } from "./config-warnings";
import { diskUse } from "./disk.server";

type Check = { name: string; ok: boolean; detail: string; fix?: string };
const DISK_LIMIT = 0.9;

async function databaseChecks(env: Env): Promise<Check[]> {
  try {
    await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR), migrate: false });
  } catch (error) {
    if (error instanceof DataDirLockedError) return [await runningServerCheck(env, error)];
    return [
      {
        name: "database",
        ok: false,
        detail: (error as Error).message,
        fix: "check DATABASE_URL (or DATA_DIR) and that the database is running",
      },
    ];
  }
  const checks: Check[] = [
    {
      name: "database",
      ok: true,
      detail: env.DATABASE_URL
        ? "PostgreSQL answers"
        : // PGlite runs with fsync off and its file system's fsync does nothing (decision record 0102).
          `PGlite in ${path.resolve(env.DATA_DIR)}; an answered write survives a process crash, not a power loss (set DATABASE_URL for PostgreSQL)`,
    },
  ];
  try {
    const applied = await databaseMigration(getDb()).catch(() => ({ tag: null, when: 0 }));
    const code = codeMigration();
    checks.push(
      applied.when === code.when
        ? { name: "migrations", ok: true, detail: `at ${code.tag}` }
        : applied.when < code.when
          ? {
              name: "migrations",
              ok: true,
              detail: `database at ${applied.tag ?? "none"}, code at ${code.tag}: the next start migrates it`,
            }
          : {
              name: "migrations",
              ok: false,
              detail: `the database is newer (${applied.when}) than this code (${code.tag})`,
              fix: "run the version of Clink that migrated it",
            },
    );
    const skew = Math.abs(await measureDbClock());
    checks.push({
      name: "clock",
      ok: skew <= CLOCK_SKEW_WARN_MS,
      detail: `${Math.round(skew)} ms from the database's clock`,
      fix: "synchronise the clocks (systemd-timesyncd, chrony)",
    });
  } finally {
    await closeDatabase();
  }
  return checks;
}

/** PGlite's folder is held by a server: it is found by the address it left in the folder, and asked /healthz. */
async function runningServerCheck(env: Env, locked: DataDirLockedError): Promise<Check> {
  const address = readServerAddress(path.resolve(env.DATA_DIR));
  if (!address)
    return {
      name: "database",
      ok: false,
      detail: locked.message,
      fix: "stop that process, or restart the server with this version so commands can find it",
    };
  const answer = await fetch(`${address.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
  return answer?.ok
    ? {
        name: "database",
        ok: true,
        detail: `in use by the running server at ${address.url} (pid ${address.pid}), which answers /healthz; stop it for the migration and clock checks`,
      }
    : {
        name: "database",
        ok: false,
        detail: `the server holding ${path.resolve(env.DATA_DIR)} (pid ${address.pid}) does not answer at ${address.url}/healthz`,
        fix: "look at its log, or restart it",
      };
}

/** Whether production's rules apply: NODE_ENV=production without the local defaults of `npm start`. */
const strictProduction = (env: Env) => env.NODE_ENV === "production" && !env.LOCAL_DEFAULTS;

async function mailCheck(env: Env): Promise<Check> {
  if (env.MAIL_TRANSPORT === "files") {
    const detail = "kept as files in DATA_DIR/outbox (nothing is delivered)";
    return strictProduction(env)
      ? { name: "mail", ok: false, detail, fix: "set SMTP_URL" }
      : { name: "mail", ok: true, detail: `warning: ${detail}; set SMTP_URL to send it` };
  }
  const transport = nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000 } as Parameters<
    typeof nodemailer.createTransport
  >[0]);
  try {
    await transport.verify();
    return { name: "mail", ok: true, detail: "the SMTP server accepted a handshake" };
  } catch (error) {
    return {
      name: "mail",
      ok: false,
      detail: `SMTP handshake failed: ${(error as Error).message}`,
      fix: "check SMTP_URL (host, port, user, password, TLS)",
    };
  } finally {
    transport.close();
  }
}

/**
 * The sending domain's SPF, DKIM and DMARC records (issue 51), and the DKIM record to publish for the key. A
 * lookup that fails is a problem too (the answer is not known); each wrong or missing record says what to add.
 */
async function mailDomainChecks(env: Env): Promise<Check[]> {
  const report = await checkMailDomain(env);
  if (report.publish) process.stdout.write(`DKIM record to publish (TXT):\n  ${report.publish.name}\n  "${report.publish.value}"\n`);
  return report.checks.map((check) => ({
    name: `mail domain ${report.domain}: ${check.name}`,
    ok: check.state === "right",
    detail: check.state === "right" ? check.detail : `${check.state}: ${check.detail}`,
    ...(check.add ? { fix: `add a TXT record at ${check.add.name}: "${check.add.value}"` } : {}),
  }));
}

/**
 * `npm run doctor`: configuration, database, migrations, disk, mail (a real SMTP handshake), clock, and with
 * DKIM configured the mail domain's records; what to fix; exit 1 on a failure. `npm run doctor -- mail`: the
 * mail checks alone, the domain's records whatever is configured.
 */
export async function runDoctor(args: string[] = []): Promise<number> {
  let env: Env;
  try {
    env = loadEnv(commandSettings());
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stdout.write(`✗ configuration: ${envErrorSentence(error)}\n`);
    return 1;
  }
  if (args[0] === "mail") return report([await mailCheck(env), ...(await mailDomainChecks(env))]);
  const rules = strictProduction(env)
    ? "production rules"
    : env.LOCAL_DEFAULTS
      ? "the local defaults of npm start (NODE_ENV unset here)"
      : `NODE_ENV=${env.NODE_ENV}`;
  const checks: Check[] = [
    { name: "configuration", ok: true, detail: `valid, read with ${rules}` },
    // Mail kept as files is the mail check's to report, once.
    ...configWarnings(env)
      .filter((w) => w.variable !== "SMTP_URL")
      .map((w) => ({ name: `configuration (${w.variable})`, ok: true, detail: `warning: ${w.message.replace(/^Warning:\s*/, "")}` })),
    ...(await databaseChecks(env)),
  ];
  for (const [name, folder] of [
    ["disk (data)", env.DATA_DIR],
    ["disk (backups)", env.BACKUP_DIR],
  ] as const) {
    const used = diskUse(folder) ?? 0;
    checks.push({
      name,
      ok: used < DISK_LIMIT,
      detail: `${Math.round(used * 100)}% used where ${path.resolve(folder)} lives`,
      fix: "free space or grow the disk",
    });
  }
  checks.push(await mailCheck(env));
  if (env.DKIM_DOMAIN) checks.push(...(await mailDomainChecks(env)));
  return report(checks);
}

function report(checks: Check[]): number {
  for (const check of checks) {
    process.stdout.write(
      `${check.ok ? "✓" : "✗"} ${check.name}: ${check.detail}${!check.ok && check.fix ? `\n    fix: ${check.fix}` : ""}\n`,
    );
  }
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(failed ? `${failed} problem(s) to fix.\n` : "All checks passed.\n");
  return failed ? 1 : 0;
}
