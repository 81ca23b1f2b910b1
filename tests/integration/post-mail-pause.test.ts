import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { waitFor } from "../support/eventually";
import { decodeQuotedPrintable, header, startTestSmtp, type TestSmtp } from "../support/smtp";
import { postForm, sessionCookieOf, STAFF_PASSWORD } from "../support/staff";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 51's pause for a new post's e-mails, resumed or cancelled (decision record 0077), with a real SMTP
 * server: 40 blog readers, 11 of the first 22 refused for good (550 at RCPT TO), the fewest that pass 5% of a
 * block of 200 attempts. The post's e-mails pause before they reach the rest; resumed, the rest are delivered;
 * a second post's e-mails (to 40 more readers, seeded after the first) are cancelled once paused and nobody
 * else gets them. Editors may not resume or cancel; an unknown post is 404; a mailing not paused is 409.
 */
const group = (prefix: string) => Array.from({ length: 40 }, (_, i) => `${prefix}${String(i).padStart(2, "0")}@postpause.example`);
const refusedOf = (people: string[]) => people.filter((_, i) => i < 22 && i % 2 === 0);
const FIRST = group("f");
const SECOND = group("s");
const seed = (people: string[]) =>
  `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values ${people.map((email) => `('blog', '${email}', 'confirmed', '/blog', 'seeded', now())`).join(", ")};`;

let smtp: TestSmtp;
let server: TestServer;
let owner: Api;
const env = {
  SEED_DEMO: "false",
  TRUST_PROXY: "loopback",
  LIST_MAIL_BATCH_SIZE: "500",
  PUBLIC_MAIL_HOURLY_BUDGET: "5000",
  MAIL_RETRY_BASE_MS: "200",
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  for (const address of [...refusedOf(FIRST), ...refusedOf(SECOND)]) smtp.refuseRecipient(address, 550);
  const first = await startTestServer({ env: { ...env, SMTP_URL: smtp.url } });
  server = await seedAndRestart(first, seed(FIRST), { env: { ...env, SMTP_URL: smtp.url } });
  owner = await adminApi(server);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Mailing = {
  postId: number;
  title: string;
  state: string;
  pausedReason: string | null;
  attempted: number;
  bounced: number;
  complained: number;
};
const mailing = async (api: Api, postId: number): Promise<Mailing | undefined> =>
  ((await (await api.get("/api/admin/post-mailings")).json()) as { items: Mailing[] }).items.find((m) => m.postId === postId);
const asked = (list: readonly string[]) => new Set(smtp.recipientsAsked.filter((r) => list.includes(r))).size;
const pausedOn = (postId: number) =>
  waitFor(
    async () => {
      const now = await mailing(owner, postId);
      return now?.state === "paused" && now.bounced > 10 ? now : null;
    },
    `post #${postId}'s e-mails paused`,
    90_000,
  );
/** Nothing more is asked of the mail server for a moment's reads (what was in flight has finished). */
const settled = (list: readonly string[]) =>
  waitFor(async () => {
    const before = asked(list);
    await mailing(owner, 0);
    await mailing(owner, 0);
    return asked(list) === before ? before : null;
  }, "the pause holding");

async function editor(): Promise<Api> {
  const email = "editor@postpause.example";
  expect((await owner.call("POST", "/api/admin/invitations", { email, role: "editor" })).status).toBe(201);
  const mail = await waitFor(() => smtp.received.find((raw) => header(raw, "to")?.includes(email)), "the invitation");
  const token = decodeQuotedPrintable(mail).match(/#token=([A-Za-z0-9_-]{43})/)![1]!;
  const accepted = await postForm(server, "/admin/accept-invitation", { token, name: "Ed", password: STAFF_PASSWORD });
  return publicApi(server, sessionCookieOf(accepted)!);
}

describe("a new post's e-mails that stop themselves", () => {
  it("pause on hard bounces before reaching the rest, tell the owner, and resume on request: the rest delivered", async () => {
    const post = await createPost(owner, { title: "Launch night in Lisbon" });
    const paused = await pausedOn(post.id);
    expect(paused).toMatchObject({ title: "Launch night in Lisbon", complained: 0 });
    expect(paused.pausedReason).toMatch(/^\d+ hard bounces among attempts 1 to 200: more than 5%$/);
    await waitFor(
      () => smtp.received.find((raw) => header(raw, "subject") === `Mailing paused: The e-mails of new post #${post.id}`),
      "the owner told",
    );
    const reached = await settled(FIRST);
    expect(reached).toBeLessThan(40);

    const ed = await editor();
    expect((await ed.call("POST", `/api/admin/post-mailings/${post.id}/resume`)).status).toBe(403);
    expect((await ed.call("POST", `/api/admin/post-mailings/${post.id}/cancel`)).status).toBe(403);
    expect((await owner.call("POST", "/api/admin/post-mailings/999999/resume")).status).toBe(404);
    expect((await owner.call("POST", "/api/admin/post-mailings/999999/cancel")).status).toBe(404);
    expect((await owner.call("POST", "/api/admin/post-mailings/abc/resume")).status).toBe(404);

    const resumed = await owner.call("POST", `/api/admin/post-mailings/${post.id}/resume`);
    expect(resumed.status).toBe(202);
    expect(await resumed.json()).toEqual({ state: "sending" });
    const done = await waitFor(
      async () => {
        const now = await mailing(owner, post.id);
        // Each attempt is counted a moment after its message is marked sent.
        return now?.state === "done" && now.attempted === 40 ? now : null;
      },
      "the rest delivered",
      120_000,
    );
    expect(done).toMatchObject({ attempted: 40, bounced: 11, complained: 0, pausedReason: null });
    expect(asked(FIRST)).toBe(40);
    const delivered = smtp.received.filter((raw) => header(raw, "subject")?.includes("Launch night in Lisbon"));
    expect(delivered.length).toBe(29);
    expect((await owner.call("POST", `/api/admin/post-mailings/${post.id}/resume`)).status).toBe(409);
    expect((await owner.call("POST", `/api/admin/post-mailings/${post.id}/cancel`)).status).toBe(409);
    if (usingPostgres()) {
      const audit = await queryTestDatabase(server.databaseUrl!, `select action from audit_log where action = 'audience.post-mail-resume'`);
      expect(audit).toHaveLength(1);
    }
  }, 300_000);

  it("are cancelled on request once paused: nobody else gets them", async () => {
    // 40 other readers: the first post's have left the blog list (its refused ones did when they bounced).
    const cookie = owner.cookie;
    const leave = `update audience_subscribers set state = 'unsubscribed', ended_at = now() where email like 'f%@postpause.example';`;
    server = await seedAndRestart(server, `${leave} ${seed(SECOND)}`, { env: { ...env, SMTP_URL: smtp.url } });
    owner = publicApi(server, cookie);
    const post = await createPost(owner, { title: "Closing night in Porto" });
    await pausedOn(post.id);
    const cancelled = await owner.call("POST", `/api/admin/post-mailings/${post.id}/cancel`);
    expect(cancelled.status).toBe(202);
    expect(await cancelled.json()).toEqual({ state: "cancelled" });
    expect((await mailing(owner, post.id))?.state).toBe("cancelled");
    const reached = await settled(SECOND);
    expect(reached).toBeLessThan(40);
    expect((await mailing(owner, post.id))?.state).toBe("cancelled");
    expect((await owner.call("POST", `/api/admin/post-mailings/${post.id}/resume`)).status).toBe(409);
    expect((await owner.call("POST", `/api/admin/post-mailings/${post.id}/cancel`)).status).toBe(409);
  }, 300_000);
});
