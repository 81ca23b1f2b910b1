import { sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { dnsResolver } from "~/core/network/dns-resolver.server";
import { getEnv, type Env } from "~/core/instance/env.server";
import { dkimPublicKey, dkimRecord, dkimSettings } from "./dkim.server";
import { judgeDkim, judgeDmarc, judgeSpf, mailFromDomain, type DomainCheck, type DomainReport } from "./domain-records";

export type { DomainReport };

/**
 * Looks up the sending domain's SPF, DKIM and DMARC records (issue 51) through DNS_SERVERS or the system's
 * resolvers, and judges them (domain-records.ts). Never on a page's request: `npm run doctor`, and the
 * System section's job, which keeps its last answer (app/ops).
 */

const LOOKUP = { timeoutMs: 3000, tries: 2 };
const NOT_THERE = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);

/** The TXT records at `name` (each record's strings joined); [] when there is none; throws when the lookup fails. */
async function txt(env: Env, name: string): Promise<string[]> {
  try {
    const records = await dnsResolver({ servers: env.DNS_SERVERS, ...LOOKUP }).resolveTxt(name);
    return records.map((chunks) => chunks.join(""));
  } catch (error) {
    if (NOT_THERE.has((error as NodeJS.ErrnoException).code ?? "")) return [];
    throw error;
  }
}

async function judged(name: DomainCheck["name"], judge: () => Promise<DomainCheck>): Promise<DomainCheck> {
  try {
    return await judge();
  } catch (error) {
    return {
      name,
      state: "unknown",
      detail: `the lookup failed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): check DNS_SERVERS or the network`,
    };
  }
}

export async function checkMailDomain(env: Env): Promise<DomainReport> {
  const domain = mailFromDomain(env.MAIL_FROM);
  const dkim = dkimSettings(env);
  const publish = dkim ? dkimRecord(dkim) : null;
  const checks = [
    await judged("SPF", async () => judgeSpf(domain, await txt(env, domain))),
    await judged("DKIM", async () =>
      judgeDkim(
        publish && dkim ? { ...publish, publicKey: dkimPublicKey(dkim.privateKey) } : null,
        domain,
        dkim?.domainName ?? null,
        publish ? await txt(env, publish.name) : [],
      ),
    ),
    await judged("DMARC", async () => {
      const own = await txt(env, `_dmarc.${domain}`);
      // A subdomain without its own record falls under its organisational domain's (the last two labels here).
      const parent = domain.split(".").slice(-2).join(".");
      if (own.some((r) => /^v=DMARC1/i.test(r.trim())) || parent === domain) return judgeDmarc(domain, `_dmarc.${domain}`, own);
      return judgeDmarc(domain, `_dmarc.${parent}`, await txt(env, `_dmarc.${parent}`));
    }),
  ];
  return { domain, checkedAt: new Date().toISOString(), checks, publish };
}

export const MAIL_DOMAIN_CHECK_JOB = "mail.domain-check";
const REPORT_ROW = 1;

/** The System section's answer: the last check, as the job kept it (null before the first). */
export async function latestDomainReport(): Promise<DomainReport | null> {
  const [row] = await getDb()
    .select({ report: schema.mailDomainReports.report })
    .from(schema.mailDomainReports)
    .where(sql`${schema.mailDomainReports.id} = ${REPORT_ROW}`);
  return (row?.report as DomainReport | undefined) ?? null;
}

export async function storeDomainReport(): Promise<void> {
  const report = await checkMailDomain(getEnv());
  await getDb()
    .insert(schema.mailDomainReports)
    .values({ id: REPORT_ROW, report })
    .onConflictDoUpdate({ target: schema.mailDomainReports.id, set: { report, checkedAt: sql`now()` } });
}
