import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { waitFor } from "../support/eventually";
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from "../support/smtp";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Mail a person waits for goes before list mail (issue 39, decision record 0052). A post is mailed to
 * READERS confirmed readers while the mail server holds every one of those e-mails (a mailing under way,
 * all of it queued); a staff invitation and a sign-up's confirmation made after it are delivered while
 * the mailing still waits, and are the first messages the server took. First come, first served would
 * have queued them behind the whole mailing.
 */
const READERS = 60;
const SUBJECT = "Held mailing";

let smtp: TestSmtp;
let server: TestServer;
let admin: Api;

beforeAll(async () => {
  smtp = await startTestSmtp();
  // The whole mailing queued in one batch, as any mailing is once its batches have run.
  const env = {
    SEED_DEMO: "false",
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    PUBLIC_MAIL_HOURLY_BUDGET: "2000",
    LIST_MAIL_BATCH_SIZE: "1000",
    JOB_POLL_MS: "200",
  };
  const first = await startTestServer({ env });
  const readers = Array.from(
    { length: READERS },
    (_, i) => `('blog', 'reader${i}@precedence.example', 'confirmed', '/blog', 'seeded', now())`,
  ).join(", ");
  server = await seedAndRestart(
    first,
    `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values ${readers}`,
    { env },
  );
  admin = await adminApi(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Overview = { counts: Array<{ type: string; state: string; count: number }> };
/** Mail deliveries not yet done, whatever job type carries them. */
async function mailWaiting(): Promise<number> {
  const { counts } = (await (await admin.get("/api/admin/jobs")).json()) as Overview;
  return counts
    .filter((c) => c.type.startsWith("mail.") && (c.state === "queued" || c.state === "running"))
    .reduce((sum, c) => sum + c.count, 0);
}

const received = (needle: string) => smtp.received.filter((raw) => decodeQuotedPrintable(raw).includes(needle));
const position = (needle: string) => smtp.received.findIndex((raw) => decodeQuotedPrintable(raw).includes(needle));

describe("with a mailing to every reader queued and waiting at the mail server", () => {
  it("a staff invitation and a sign-up's confirmation are delivered first", { timeout: 180_000 }, async () => {
    const gate = smtp.hold((raw) => decodeQuotedPrintable(raw).includes(SUBJECT));
    await createPost(admin, { title: SUBJECT });
    await waitFor(() => gate.waiting() > 0 || null, "a new-post e-mail held at the mail server", 60_000);
    await waitFor(async () => (await mailWaiting()) >= READERS || null, `all ${READERS} new-post e-mails queued`, 60_000);

    const invited = await admin.call("POST", "/api/admin/invitations", { email: "first@precedence.test", role: "editor" });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const signUp = await publicApi(server).call(
      "POST",
      "/api/subscriptions",
      { email: "signup@precedence.example", lists: ["blog"] },
      { "x-forwarded-for": "10.98.0.1" },
    );
    expect(signUp.status).toBe(202);
    await waitFor(
      () => (position("first@precedence.test") >= 0 && position("signup@precedence.example") >= 0) || null,
      "the invitation and the confirmation delivered",
      60_000,
    );
    // Delivered while every new-post e-mail still waited.
    expect(received(SUBJECT)).toHaveLength(0);
    expect(gate.waiting()).toBeGreaterThan(0);

    gate.release();
    await waitFor(() => received(SUBJECT).length >= READERS || null, "the mailing delivered", 120_000);
    expect([position("first@precedence.test"), position("signup@precedence.example")].sort()).toEqual([0, 1]);
    expect(new Set(received(SUBJECT).map((raw) => /^To: (.*)$/m.exec(raw)?.[1])).size).toBe(READERS);
  });
});
