import { generateKeyPairSync } from "node:crypto";
import { Resolver } from "node:dns/promises";
import fs from "node:fs";
import path from "node:path";
import { authenticate } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { startFakeDns, type FakeDns } from "../support/fake-dns";
import { runOps } from "../support/ops";
import { waitFor } from "../support/eventually";
import { header, startTestSmtp, type TestSmtp } from "../support/smtp";
import { createTestDatabase, makeTempDir, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 51's signed mail: with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE every message (a
 * sign-up's confirmation, a broadcast) carries a DKIM signature that mailauth verifies against the key a DNS
 * server on loopback serves, aligned with MAIL_FROM's domain, and list mail carries Feedback-ID; `npm run
 * doctor -- mail` prints the record to publish and names a missing DMARC record and a DKIM record that does
 * not match the key.
 */
const DOMAIN = "clink-mail.example";
const SELECTOR = "clink2026";
const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const key = rsa();
const publicKey = (k: ReturnType<typeof rsa>) => k.publicKey.export({ type: "spki", format: "der" }).toString("base64");
const folder = makeTempDir("dkim");
const keyFile = path.join(folder, "dkim.pem");
fs.writeFileSync(keyFile, key.privateKey.export({ type: "pkcs8", format: "pem" }));

let dns: FakeDns;
let smtp: TestSmtp;
let server: TestServer;
let owner: Api;
const dkimEnv = () => ({
  MAIL_FROM: `Clink <news@${DOMAIN}>`,
  DKIM_DOMAIN: DOMAIN,
  DKIM_SELECTOR: SELECTOR,
  DKIM_PRIVATE_KEY_FILE: keyFile,
  DNS_SERVERS: dns.server,
});

beforeAll(async () => {
  dns = await startFakeDns({
    txt: {
      [DOMAIN]: ["v=spf1 ip4:127.0.0.1 -all"],
      [`${SELECTOR}._domainkey.${DOMAIN}`]: [`v=DKIM1; k=rsa; p=${publicKey(key)}`],
      [`_dmarc.${DOMAIN}`]: ["v=DMARC1; p=reject"],
    },
  });
  smtp = await startTestSmtp();
  const env = { SEED_DEMO: "false", TRUST_PROXY: "loopback", SMTP_URL: smtp.url, ...dkimEnv() };
  const first = await startTestServer({ env });
  server = await seedAndRestart(
    first,
    `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values ('blog', 'reader@dkim-test.example', 'confirmed', '/blog', 'seeded', now());`,
    { env },
  );
  owner = await adminApi(server);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await dns?.close();
});

async function verify(raw: string) {
  const resolver = new Resolver();
  resolver.setServers([dns.server]);
  const result = await authenticate(Buffer.from(raw), {
    ip: "127.0.0.1",
    helo: "localhost",
    sender: `news@${DOMAIN}`,
    mta: "mx.dkim-test.example",
    resolver: (name: string, type: string) => resolver.resolve(name, type as "TXT"),
    disableArc: true,
    disableBimi: true,
  });
  return result;
}

describe("DKIM-signed mail", () => {
  it("signs a person's own mail and list mail, verified by mailauth against the key served by DNS, aligned with MAIL_FROM", async () => {
    const signup = await publicApi(server).call(
      "POST",
      "/api/subscriptions",
      { email: "new.reader@dkim-test.example", lists: ["blog"] },
      { "x-forwarded-for": "10.77.0.1" },
    );
    expect(signup.status).toBe(202);
    const made = await owner.call("POST", "/api/admin/broadcasts", { subject: "Signed news", markdown: "Hello, signed.", list: "blog" });
    const { id } = (await made.json()) as { id: number };
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/send`)).status).toBe(202);

    const confirmation = await waitFor(
      () => smtp.received.find((raw) => /Confirm your Clink subscription/.test(header(raw, "subject") ?? "")),
      "the confirmation",
    );
    const broadcast = await waitFor(() => smtp.received.find((raw) => header(raw, "subject") === "Signed news"), "the broadcast");
    for (const raw of [confirmation, broadcast]) {
      expect(header(raw, "dkim-signature")).toContain(`d=${DOMAIN}`);
      const result = await verify(raw);
      const [first] = result.dkim.results;
      expect(first?.status.result, JSON.stringify(first?.status)).toBe("pass");
      expect(first?.signingDomain).toBe(DOMAIN);
      expect(first?.selector).toBe(SELECTOR);
      expect(result.dmarc && typeof result.dmarc === "object" ? result.dmarc.status.result : null).toBe("pass");
    }
    // Campaign, list and sender (the site's host: SITE_URL's, here the test server's own address).
    expect(header(broadcast, "feedback-id")).toMatch(new RegExp(`^broadcast-${id}:blog:[a-z0-9.-]+$`));
    expect(header(confirmation, "feedback-id")).toBeUndefined();
  }, 60_000);
});

describe("the System section's mail domain", () => {
  it("shows the records as the check job found them, without a lookup on the request", async () => {
    type Report = { domain: string; checks: Array<{ name: string; state: string }>; publish: { name: string; value: string } | null };
    const report = await waitFor(
      async () => ((await (await owner.get("/api/admin/system")).json()) as { mailDomain: Report | null }).mailDomain,
      "the domain checked",
    );
    expect(report.domain).toBe(DOMAIN);
    expect(report.checks.map((c) => [c.name, c.state])).toEqual([
      ["SPF", "right"],
      ["DKIM", "right"],
      ["DMARC", "right"],
    ]);
    expect(report.publish).toEqual({ name: `${SELECTOR}._domainkey.${DOMAIN}`, value: `v=DKIM1; k=rsa; p=${publicKey(key)}` });
    // Reading the section asks the DNS server nothing.
    const questions = dns.questions.length;
    expect((await owner.get("/api/admin/system")).status).toBe(200);
    expect(dns.questions.length).toBe(questions);
  });
});

describe("npm run doctor -- mail", { timeout: 120_000 }, () => {
  const target = async () => ({
    dataDir: path.join(makeTempDir("doctor"), "data"),
    databaseUrl: usingPostgres() ? await createTestDatabase() : undefined,
  });

  it("prints the DKIM record to publish and passes a domain whose records are right", async () => {
    const result = await runOps(["doctor", "mail"], {
      ...(await target()),
      env: { SITE_URL: "https://clink.example", SMTP_URL: smtp.url, NODE_ENV: "production", ...dkimEnv() },
    });
    expect(result.output).toContain(
      `DKIM record to publish (TXT):\n  ${SELECTOR}._domainkey.${DOMAIN}\n  "v=DKIM1; k=rsa; p=${publicKey(key)}"`,
    );
    expect(result.output).toContain(`✓ mail domain ${DOMAIN}: SPF: "v=spf1 ip4:127.0.0.1 -all"`);
    expect(result.output).toContain(
      `✓ mail domain ${DOMAIN}: DKIM: the record at ${SELECTOR}._domainkey.${DOMAIN} matches the configured key`,
    );
    expect(result.output).toContain(`✓ mail domain ${DOMAIN}: DMARC:`);
    expect(result.code).toBe(0);
  });

  it("names a missing DMARC record and a DKIM record that does not match the key, with the records to add", async () => {
    const saved = { ...dns.records.txt };
    dns.records.txt = { [DOMAIN]: saved[DOMAIN]!, [`${SELECTOR}._domainkey.${DOMAIN}`]: [`v=DKIM1; k=rsa; p=${publicKey(rsa())}`] };
    try {
      const result = await runOps(["doctor", "mail"], {
        ...(await target()),
        env: { SITE_URL: "https://clink.example", SMTP_URL: smtp.url, NODE_ENV: "production", ...dkimEnv() },
      });
      expect(result.output).toContain(`✗ mail domain ${DOMAIN}: DMARC: missing: no DMARC record at _dmarc.${DOMAIN}`);
      expect(result.output).toContain(`fix: add a TXT record at _dmarc.${DOMAIN}: "v=DMARC1; p=none"`);
      expect(result.output).toContain(
        `✗ mail domain ${DOMAIN}: DKIM: wrong: the record at ${SELECTOR}._domainkey.${DOMAIN} does not match the configured key`,
      );
      expect(result.output).toContain(`fix: add a TXT record at ${SELECTOR}._domainkey.${DOMAIN}: "v=DKIM1; k=rsa; p=${publicKey(key)}"`);
      expect(result.code).toBe(1);
      // The plain doctor checks the domain too once DKIM is configured.
      const all = await runOps(["doctor"], {
        ...(await target()),
        env: { SITE_URL: "https://clink.example", SMTP_URL: smtp.url, NODE_ENV: "production", ...dkimEnv() },
      });
      expect(all.output).toContain(`✗ mail domain ${DOMAIN}: DMARC: missing`);
    } finally {
      dns.records.txt = saved;
    }
  });
});
