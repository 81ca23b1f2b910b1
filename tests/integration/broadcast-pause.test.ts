import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { waitFor } from "../support/eventually";
import { decodeQuotedPrintable, header, startTestSmtp, type TestSmtp } from "../support/smtp";
import { postForm, sessionCookieOf, STAFF_PASSWORD } from "../support/staff";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 51's broadcast that stops itself, with a real SMTP server: sent to 400 people of whom 30 are refused
 * for good (550 at RCPT TO), it pauses once its hard bounces pass 5% of the first 200 attempts, before it
 * reaches the rest; the owner is told; its report says paused, why, and bounced; an editor may not resume it;
 * resumed, it goes on to everyone else and does not pause again for the same block; resume and cancel of a
 * broadcast that is not paused are 409.
 */
const PEOPLE = Array.from({ length: 400 }, (_, i) => `p${String(i).padStart(3, "0")}@pause.example`);
// Every third of the first 90: 30 refusals, all within the first 200 attempts.
const REFUSED = PEOPLE.filter((_, i) => i < 90 && i % 3 === 0);
// Early adopters for a second broadcast, cancelled once paused: 12 of the first 24 refused.
const ADOPTERS = Array.from({ length: 60 }, (_, i) => `a${String(i).padStart(2, "0")}@pause.example`);
const ADOPTERS_REFUSED = ADOPTERS.filter((_, i) => i < 24 && i % 2 === 0);

let smtp: TestSmtp;
let server: TestServer;
let owner: Api;

beforeAll(async () => {
  smtp = await startTestSmtp();
  for (const address of [...REFUSED, ...ADOPTERS_REFUSED]) smtp.refuseRecipient(address, 550);
  const env = {
    SEED_DEMO: "false",
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    LIST_MAIL_BATCH_SIZE: "500",
    PUBLIC_MAIL_HOURLY_BUDGET: "5000",
    MAIL_RETRY_BASE_MS: "200",
  };
  const first = await startTestServer({ env });
  const rows = [
    ...PEOPLE.map((email) => `('blog', '${email}', 'confirmed', '/blog', 'seeded', now())`),
    ...ADOPTERS.map((email) => `('waitlist', '${email}', 'confirmed', '/early-access', 'seeded', now())`),
  ];
  server = await seedAndRestart(
    first,
    `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values ${rows.join(", ")};`,
    { env },
  );
  owner = await adminApi(server);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Report = {
  state: string;
  pausedReason: string | null;
  recipients: number;
  sent: number;
  bounced: number;
  complained: number;
  queued: number;
  left: number;
  skipped: number;
};
const report = async (id: number): Promise<Report> => (await (await owner.get(`/api/admin/broadcasts/${id}`)).json()) as Report;
const asked = (list: readonly string[]) => new Set(smtp.recipientsAsked.filter((r) => list.includes(r))).size;

/** An editor, invited and accepted through the mail the SMTP server received. */
async function editor(): Promise<Api> {
  const email = "editor@pause.example";
  expect((await owner.call("POST", "/api/admin/invitations", { email, role: "editor" })).status).toBe(201);
  const mail = await waitFor(() => smtp.received.find((raw) => header(raw, "to")?.includes(email)), "the invitation");
  const token = decodeQuotedPrintable(mail).match(/#token=([A-Za-z0-9_-]{43})/)![1]!;
  const accepted = await postForm(server, "/admin/accept-invitation", { token, name: "Ed", password: STAFF_PASSWORD });
  return publicApi(server, sessionCookieOf(accepted)!);
}

describe("a broadcast that stops itself", () => {
  it("pauses on hard bounces past 5% of the first 200 before reaching the rest, tells the owner, and resumes on request", async () => {
    const made = await owner.call("POST", "/api/admin/broadcasts", { subject: "Launch day", markdown: "We are open.", list: "blog" });
    const { id } = (await made.json()) as { id: number };
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/resume`)).status).toBe(409);
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/send`)).status).toBe(202);

    const paused = await waitFor(
      async () => {
        const now = await report(id);
        // The refusal that paused it is counted a moment after the pause (its message marked once the pause is written).
        return now.state === "paused" && now.bounced > 10 ? now : null;
      },
      "the broadcast paused",
      90_000,
    );
    expect(paused.pausedReason).toMatch(/^\d+ hard bounces among attempts 1 to 200: more than 5%$/);
    expect(paused.bounced).toBeGreaterThan(10);
    // The owner hears of it.
    const told = await waitFor(
      () => smtp.received.find((raw) => header(raw, "subject") === `Mailing paused: Broadcast #${id}: Launch day`),
      "the owner told",
    );
    expect(header(told, "to")).toContain("admin@test.clink.app");
    // Held, not sent: what was in flight finishes (each recipient asked is counted sent or bounced, which on a
    // loaded machine can come a while after the mail server was asked), then nothing more is asked of it.
    const settled = await waitFor(async () => {
      const before = smtp.recipientsAsked.length;
      const now = await report(id);
      return now.queued > 0 && smtp.recipientsAsked.length === before && now.sent + now.bounced === asked(PEOPLE) ? now : null;
    }, "the pause holding, what was in flight counted");
    expect(asked(PEOPLE)).toBeLessThan(150);
    expect(settled.queued).toBeGreaterThan(250);

    const ed = await editor();
    expect((await ed.call("POST", `/api/admin/broadcasts/${id}/resume`)).status).toBe(403);
    expect((await ed.call("POST", `/api/admin/broadcasts/${id}/cancel`)).status).toBe(403);
    expect((await owner.call("POST", `/api/admin/broadcasts/999999/resume`)).status).toBe(404);

    const resumed = await owner.call("POST", `/api/admin/broadcasts/${id}/resume`);
    expect(resumed.status).toBe(202);
    expect(await resumed.json()).toEqual({ state: "sending" });
    const done = await waitFor(
      async () => {
        const now = await report(id);
        return now.state === "sent" && now.queued === 0 ? now : null;
      },
      "the broadcast sent to everyone else",
      120_000,
    );
    expect(done).toMatchObject({ recipients: 400, sent: 370, bounced: 30, complained: 0, pausedReason: null });
    expect(asked(PEOPLE)).toBe(400);
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/resume`)).status).toBe(409);
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/cancel`)).status).toBe(409);
    if (usingPostgres()) {
      const audit = await queryTestDatabase(server.databaseUrl!, `select action from audit_log where action = 'audience.broadcast-resume'`);
      expect(audit).toHaveLength(1);
    }
  }, 300_000);

  it("is cancelled on request once paused: nobody else gets it, the rest counted as skipped", async () => {
    const made = await owner.call("POST", "/api/admin/broadcasts", {
      subject: "Launch in Sydney",
      markdown: "Come along.",
      list: "waitlist",
    });
    const { id } = (await made.json()) as { id: number };
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/cancel`)).status).toBe(409);
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/send`)).status).toBe(202);
    await waitFor(
      async () => {
        const now = await report(id);
        return now.state === "paused" && now.bounced > 10 ? now : null;
      },
      "the second broadcast paused",
      90_000,
    );
    const cancelled = await owner.call("POST", `/api/admin/broadcasts/${id}/cancel`);
    expect(cancelled.status).toBe(202);
    expect(await cancelled.json()).toEqual({ state: "cancelled" });
    const after = await waitFor(async () => {
      const now = await report(id);
      return now.state === "cancelled" && now.queued === 0 ? now : null;
    }, "the broadcast cancelled");
    const reached = asked(ADOPTERS);
    expect(after.sent + after.bounced).toBe(reached);
    expect(after.skipped).toBe(60 - reached);
    expect(after.skipped).toBeGreaterThan(20);
    expect((await owner.call("POST", `/api/admin/broadcasts/${id}/resume`)).status).toBe(409);
  }, 200_000);
});
