import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/eventually";
import { decodeQuotedPrintable, header, startTestSmtp, type TestSmtp } from "../support/smtp";
import { signInCookie, startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The mail outbox against a real SMTP server on loopback that refuses (4xx, then 5xx) and recovers:
 * nothing is lost, nothing is sent twice, the visitor never waits for it, and the admin sees the backlog.
 */
let smtp: TestSmtp;
let server: TestServer;
const started: TestServer[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: {
      SEED_DEMO: "false",
      TRUST_PROXY: "loopback",
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: "200",
      ADMIN_NOTIFY_EMAIL: "team@clink.test",
    },
  });
  started.push(server);
});
afterAll(async () => {
  for (const s of started) await s.stop();
  await smtp?.close();
});

let nextIp = 1;
const contact = (target: TestServer, subject: string) =>
  fetch(`${target.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.30.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}` },
    body: JSON.stringify({ name: "Ada", email: `ada+${subject}@example.com`, subject, message: "Hello there" }),
  });

/** Delivered messages about one submission: its notice (Reply-To) and its receipt (To) both carry its address. */
const about = (subject: string) => smtp.received.filter((raw) => decodeQuotedPrintable(raw).includes(`ada+${subject}@example.com`));

async function dashboard(target: TestServer): Promise<string> {
  const cookie = await signInCookie(target);
  return (await fetch(`${target.url}/admin/system`, { headers: { cookie } })).text();
}

describe("the mail outbox", () => {
  it("delivers mail queued while the server refuses (4xx, then 5xx) exactly once when it accepts", async () => {
    smtp.refuseWith(451);
    // The visitor's request does not wait for mail: it is answered while its messages are still held
    // unanswered by the mail server (a request that waited would never be answered here).
    const gate = smtp.hold();
    const res = await contact(server, "while-refusing");
    expect(res.status).toBe(201);
    await waitFor(() => gate.waiting() >= 1, "the mail to reach the server and be held");
    gate.release();

    await waitFor(() => smtp.refusals >= 2, "two refused attempts");
    smtp.refuseWith(550);
    const refusedBefore = smtp.refusals;
    await waitFor(() => smtp.refusals > refusedBefore + 1, "refusals with 550");

    // The admin sees the backlog and the server's last answer.
    const page = await dashboard(server);
    expect(page).toMatch(/\d+ undelivered message/);
    expect(page).toMatch(/550|451/);

    smtp.refuseWith(null);
    await waitFor(() => about("while-refusing").length >= 2, "the notice and the receipt");
    // Let the worker run further cycles: nothing more may arrive for these messages.
    await waitFor(async () => (await dashboard(server)).includes("All mail delivered."), "an empty outbox");
    const polls = smtp.refusals;
    await contact(server, "after-recovery");
    await waitFor(() => about("after-recovery").length === 2, "a later message");
    expect(smtp.refusals).toBe(polls);

    const delivered = about("while-refusing");
    expect(delivered).toHaveLength(2);
    const ids = delivered.map((raw) => header(raw, "message-id"));
    expect(new Set(ids).size).toBe(2);
    expect(delivered.map((raw) => header(raw, "to")).sort()).toEqual(["ada+while-refusing@example.com", "team@clink.test"]);
  });

  it("a mail server that hangs does not slow the visitor's request", async () => {
    const slow = smtp.hold();
    try {
      const before = smtp.arrived;
      await contact(server, "hung-first");
      await waitFor(() => smtp.arrived > before, "the worker to be stuck waiting on the server's answer");
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const startedAt = Date.now();
        expect((await contact(server, `while-hung-${i}`)).status).toBe(201);
        times.push(Date.now() - startedAt);
      }
      expect(Math.max(...times)).toBeLessThan(2_000);
    } finally {
      slow.release();
    }
    await waitFor(() => about("while-hung-2").length === 2, "the held mail, once the server answers");
  });

  it("sends the admin notice to ADMIN_NOTIFY_EMAIL, with a text and an HTML part", async () => {
    await contact(server, "notice-target");
    const [notice] = await waitFor(() => {
      const found = smtp.received.filter((raw) => header(raw, "subject") === "New submission: notice-target");
      return found.length ? found : null;
    }, "the notice");
    expect(header(notice!, "to")).toBe("team@clink.test");
    expect(header(notice!, "to")).not.toBe(TEST_ADMIN.email);
    expect(notice).toContain("text/plain");
    expect(notice).toContain("text/html");
  });

  it.runIf(usingPostgres())("two instances on one PostgreSQL send each message once", async () => {
    const second = await startTestServer({
      databaseUrl: server.databaseUrl,
      env: {
        SEED_DEMO: "false",
        TRUST_PROXY: "loopback",
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_MS: "200",
        ADMIN_NOTIFY_EMAIL: "team@clink.test",
      },
    });
    started.push(second);
    // Queue a backlog on both while the server refuses, so both workers then retry the same rows at once.
    smtp.refuseWith(451);
    const count = 20;
    for (let i = 0; i < count; i++) expect((await contact(i % 2 ? second : server, `pair-${i}`)).status).toBe(201);
    await waitFor(() => smtp.refusals > 4, "refusals");
    const deliveredBefore = (server.output() + second.output()).split('"msg":"mail delivered"').length;
    smtp.refuseWith(null);
    const pair = () => smtp.received.filter((raw) => /pair-\d+/.test(decodeQuotedPrintable(raw)));
    await waitFor(() => pair().length >= count * 2, "every pair message", 60_000);
    await waitFor(async () => (await dashboard(server)).includes("All mail delivered."), "an empty outbox");
    const ids = pair().map((raw) => header(raw, "message-id"));
    expect(ids).toHaveLength(count * 2);
    expect(new Set(ids).size).toBe(count * 2);
    // Each delivery was logged by exactly one of the two instances.
    const deliveredAfter = (server.output() + second.output()).split('"msg":"mail delivered"').length;
    expect(deliveredAfter - deliveredBefore).toBe(count * 2);
  });
});
