import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { header, startTestSmtp } from "../support/smtp";
import { inviteStaff } from "../support/staff";
import { queryTestDatabase, startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 43 at the HTTP boundary: a broadcast goes to exactly its segment's confirmed people, once each
 * across a SIGKILL and a second instance, at its time and not before; a test is marked; the roles and bad
 * bodies are refused; leaving or being erased hands an early adopter's spot back, and erasure reaches the
 * broadcast's delivery rows.
 */
// One message per batch, so a kill falls between batches; a short lease, so a killed batch is taken again soon.
const env = { SEED_DEMO: "false", TRUST_PROXY: "loopback", WAITLIST_SPOTS: "10", LIST_MAIL_BATCH_SIZE: "1", JOB_LEASE_MS: "10000" };
let server: TestServer;
let admin: Api;
const extra: TestServer[] = [];

const SYDNEY = ["syd.one@bc.example", "syd.two@bc.example", "syd.three@bc.example", "syd.notify@bc.example"];
const READERS = Array.from({ length: 24 }, (_, i) => `reader${i}@bc.example`);
const LONDON = "lon.one@bc.example";

function person(list: string, email: string, state: string, city: string | null = null, platform: string | null = null) {
  const q = (v: string | null) => (v === null ? "null" : `'${v}'`);
  return `('${list}', '${email}', ${q(city)}, ${q(platform)}, '${state}', '/early-access', 'seeded', ${state === "pending" ? "null" : "now()"})`;
}

beforeAll(async () => {
  const first = await startTestServer({ env });
  const rows = [
    person("waitlist", SYDNEY[0]!, "confirmed", "Sydney", "ios"),
    person("waitlist", SYDNEY[1]!, "confirmed", "Sydney", "ios"),
    person("waitlist", SYDNEY[2]!, "confirmed", "Sydney", "android"),
    person("waitlist", SYDNEY[3]!, "notify", "Sydney", "ios"),
    person("waitlist", "syd.pending@bc.example", "pending", "Sydney", "ios"),
    person("waitlist", "syd.left@bc.example", "unsubscribed", "Sydney", "ios"),
    person("waitlist", LONDON, "confirmed", "London", "android"),
    person("blog", LONDON, "confirmed"),
    person("blog", "blog.left@bc.example", "unsubscribed"),
    ...READERS.map((email) => person("blog", email, "confirmed")),
  ];
  server = await seedAndRestart(
    first,
    `insert into audience_subscribers (list, email, city, platform, state, consent_page, consent_wording, confirmed_at) values ${rows.join(", ")};
     insert into audience_waitlist_spots (id, taken) values (1, 4);`,
    { env },
  );
  admin = await adminApi(server);
}, 300_000);
afterAll(async () => {
  for (const other of extra) await other.stop();
  await server.stop();
});

/** Every instance's outbox folder: on PostgreSQL a second instance shares the work and writes what it sends in its own. */
const folders = () => [server, ...extra].map((s) => s.dataDir);
const mailsOf = (subject: string) =>
  folders()
    .flatMap((folder) => outboxMessages(folder))
    .filter((m) => m.subject === subject);
const body = (subject: string, list = "waitlist", segment?: Record<string, string>) => ({
  subject,
  markdown: `# ${subject}\n\nThe app is open. [Download it](https://clink.app/download).`,
  list,
  ...(segment ? { segment } : {}),
});

async function create(
  subject: string,
  list = "waitlist",
  segment?: Record<string, string>,
): Promise<{ id: number; state: string; recipients: number }> {
  const res = await admin.call("POST", "/api/admin/broadcasts", body(subject, list, segment));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; state: string; recipients: number };
}
async function report(id: number, on = admin) {
  const res = await on.get(`/api/admin/broadcasts/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    id: number;
    subject: string;
    state: string;
    recipients: number;
    sent: number;
    failed: number;
    left: number;
    skipped: number;
  };
}
async function spotsLeft(): Promise<number> {
  return ((await (await fetch(`${server.url}/api/waitlist/spots`)).json()) as { left: number }).left;
}

describe("who may write and send a broadcast", () => {
  it("answers 401 anonymous, 403 an author, 400 an empty subject or body, and lets an editor draft but not send", async () => {
    expect((await fetch(`${server.url}/api/admin/broadcasts`)).status).toBe(401);
    expect((await publicApi(server).call("POST", "/api/admin/broadcasts", body("Anon"))).status).toBe(401);
    const author = await inviteStaff(server, admin, "author@bc.example", "author");
    expect((await author.call("POST", "/api/admin/broadcasts", body("By an author"))).status).toBe(403);
    expect((await author.get("/api/admin/broadcasts")).status).toBe(403);
    for (const bad of [
      { ...body("x"), subject: "  " },
      { ...body("Empty body"), markdown: "" },
      { ...body("No list"), list: "news" },
      { ...body("Blog by city", "blog"), segment: { city: "Sydney" } },
    ]) {
      const res = await admin.call("POST", "/api/admin/broadcasts", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    const editor = await inviteStaff(server, admin, "editor@bc.example", "editor");
    const draft = await editor.call("POST", "/api/admin/broadcasts", body("Editor's draft"));
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: number };
    expect((await editor.call("PUT", `/api/admin/broadcasts/${id}`, body("Editor's draft, edited"))).status).toBe(200);
    expect((await editor.call("POST", `/api/admin/broadcasts/${id}/send`, {})).status).toBe(403);
    expect((await author.call("POST", `/api/admin/broadcasts/${id}/test`, {})).status).toBe(403);
    expect((await report(id, editor)).subject).toBe("Editor's draft, edited");
    expect((await admin.call("POST", "/api/admin/broadcasts/999999/send", {})).status).toBe(404);
    expect((await admin.call("POST", `/api/admin/broadcasts/${id}/send`, { at: "next tuesday" })).status).toBe(400);
  });
});

describe("a broadcast to a city", () => {
  it("is tested to oneself, marked, then sent to exactly the city's confirmed and told-at-launch people, once", async () => {
    const segment = await create("Clink is open in Sydney", "waitlist", { city: "Sydney" });
    expect(segment).toMatchObject({ state: "draft", recipients: 4 });
    expect((await create("Sydney iPhones", "waitlist", { city: "Sydney", platform: "ios" })).recipients).toBe(3);

    const tested = await admin.call("POST", `/api/admin/broadcasts/${segment.id}/test`, {});
    expect(tested.status).toBe(202);
    const test = await waitForMail(server.dataDir, TEST_ADMIN.email, /^\[Test\] Clink is open in Sydney$/);
    expect(header(test.raw, "list-id")).toBe("Early-adopter list <waitlist.localhost>");
    expect(mailsOf("Clink is open in Sydney")).toHaveLength(0);

    const sent = await admin.call("POST", `/api/admin/broadcasts/${segment.id}/send`, {});
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ state: "sending", recipients: 4 });
    const again = await admin.call("POST", `/api/admin/broadcasts/${segment.id}/send`, {});
    expect(again.status).toBe(409);
    expect((await admin.call("PUT", `/api/admin/broadcasts/${segment.id}`, body("Too late"))).status).toBe(409);

    await waitFor(async () => (await report(segment.id)).sent === 4 || null, "the four sent");
    const mails = mailsOf("Clink is open in Sydney");
    expect(mails.map((m) => m.to).sort()).toEqual([...SYDNEY].sort());
    const one = mails[0]!;
    expect(header(one.raw, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(one.raw, "list-unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=\d+\.[\w-]{32}>$/);
    expect(header(one.raw, "list-id")).toBe("Early-adopter list <waitlist.localhost>");
    expect(one.raw).toMatch(/Content-Type: text\/plain/i);
    expect(one.raw).toMatch(/Content-Type: text\/html/i);
    expect(one.text).toContain("https://clink.app/download");
    expect(one.text).not.toMatch(/<img/i);
    expect(await report(segment.id)).toMatchObject({
      id: segment.id,
      subject: "Clink is open in Sydney",
      state: "sent",
      recipients: 4,
      sent: 4,
      failed: 0,
    });
    const list = (await (await admin.get("/api/admin/broadcasts")).json()) as Array<{ id: number }>;
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
    expect(list.map((b) => b.id)).toContain(segment.id);

    // One click out of the list hands the spot back, and the report counts them as left since.
    const before = await spotsLeft();
    const link = header(mails.find((m) => m.to === SYDNEY[0])!.raw, "list-unsubscribe")!
      .slice(1, -1)
      .replace("http://localhost:3000", server.url);
    expect(
      (
        await fetch(link, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        })
      ).status,
    ).toBe(200);
    await waitFor(async () => (await spotsLeft()) === before + 1 || null, "the spot handed back");
    expect((await report(segment.id)).left).toBe(1);
  });
});

describe("a broadcast across a crash and two instances", () => {
  it("sends each person one message though the site is killed half-way", async () => {
    const { id, recipients } = await create("New posts are coming", "blog");
    expect(recipients).toBe(READERS.length + 1);
    expect((await admin.call("POST", `/api/admin/broadcasts/${id}/send`, {})).status).toBe(202);
    await waitFor(() => mailsOf("New posts are coming").length >= 3 || null, "the first messages");
    await server.kill();
    server = await startTestServer({ dataDir: server.dataDir, databaseUrl: server.databaseUrl, env });
    admin = publicApi(server, admin.cookie);
    // On PostgreSQL a second instance shares the work.
    if (usingPostgres()) extra.push(await startTestServer({ databaseUrl: server.databaseUrl, env }));
    await waitFor(() => mailsOf("New posts are coming").length >= recipients || null, "every message", 120_000);
    await waitFor(async () => (await report(id)).state === "sent" || null, "the broadcast done", 60_000);
    const to = mailsOf("New posts are coming")
      .map((m) => m.to)
      .sort();
    expect(to).toEqual([...READERS, LONDON].sort());
    expect(new Set(to).size).toBe(to.length);
  }, 240_000);

  it("sends a scheduled broadcast at its time and not before", async () => {
    const { id } = await create("Launch night", "waitlist", { city: "London" });
    const at = new Date(Date.now() + 6_000);
    const res = await admin.call("POST", `/api/admin/broadcasts/${id}/send`, { at: at.toISOString() });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ state: "scheduled", recipients: 1 });
    expect((await report(id)).state).toBe("scheduled");
    expect((await admin.call("POST", `/api/admin/broadcasts/${id}/send`, {})).status).toBe(409);
    const mail = await waitFor(() => mailsOf("Launch night")[0], "the scheduled message", 120_000);
    expect(mail.to).toBe(LONDON);
    expect(Date.parse(header(mail.raw, "date")!)).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
    expect((await report(id)).state).toBe("sent");
  }, 180_000);
});

describe("erasure", () => {
  it("hands a confirmed early adopter's spot back and removes them from every broadcast's deliveries", async () => {
    const broadcasts = (await (await admin.get("/api/admin/broadcasts")).json()) as Array<{
      id: number;
      subject: string;
      recipients: number;
    }>;
    const blog = broadcasts.find((b) => b.subject === "New posts are coming")!;
    const before = await spotsLeft();
    const requested = await publicApi(server).call(
      "POST",
      "/api/data-deletion-requests",
      { firstName: "Lon", email: LONDON, phone: "0499 000 222", captchaVerified: true, confirmDelete: true },
      { "x-forwarded-for": "10.95.0.1" },
    );
    expect(requested.status).toBe(202);
    const mail = await waitForMail(folders(), LONDON, /Confirm your Clink data deletion request/);
    await fetch(`${server.url}/delete-my-data/verify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: mail.token! }).toString(),
    });
    await waitFor(
      () => folders().some((folder) => outboxMessages(folder).some((m) => m.subject.includes("Data deletion request from Lon"))),
      "the admin's notice",
    );
    const list = (await (await admin.get("/api/admin/data-deletion-requests")).json()) as Array<{ id: number; email: string | null }>;
    const requests = list.find((r) => r.email === LONDON)!;
    expect((await admin.call("PATCH", `/api/admin/data-deletion-requests/${requests.id}`, { status: "completed" })).status).toBe(200);
    await waitFor(async () => (await spotsLeft()) === before + 1 || null, "the erased person's spot back");
    expect((await report(blog.id)).recipients).toBe(blog.recipients - 1);
    if (usingPostgres()) {
      const rows = await queryTestDatabase(
        server.databaseUrl!,
        `select * from audience_broadcast_deliveries d join audience_subscribers s on s.id = d.subscriber_id where lower(s.email) = '${LONDON}'`,
      );
      expect(rows).toHaveLength(0);
    }
  });
});

describe("retention", () => {
  it("erases who was sent a broadcast 90 days after it finished, keeping the report's numbers", async () => {
    const { id } = await create("Long ago", "waitlist", { city: "Sydney" });
    expect((await admin.call("POST", `/api/admin/broadcasts/${id}/send`, {})).status).toBe(202);
    const kept = await waitFor(async () => {
      const now = await report(id);
      return (now.state === "sent" && now.sent === 3 && now) || null;
    }, "the three delivered");
    server = await seedAndRestart(server, `update audience_broadcasts set finished_at = now() - interval '91 days' where id = ${id}`, {
      env,
    });
    admin = await adminApi(server);
    const run = await admin.call("POST", "/api/admin/retention-runs", {});
    expect(run.status).toBe(200);
    expect(((await run.json()) as { erased: Record<string, number> }).erased.broadcastDeliveries).toBe(3);
    expect(await report(id)).toMatchObject({ recipients: kept.recipients, sent: kept.sent, failed: 0, state: "sent" });
    if (usingPostgres())
      expect(
        await queryTestDatabase(server.databaseUrl!, `select * from audience_broadcast_deliveries where broadcast_id = ${id}`),
      ).toHaveLength(0);
  }, 120_000);
});

describe("a refused message", () => {
  it("is counted as failed with the server's reason, no address in it", async () => {
    const smtp = await startTestSmtp();
    smtp.refuseWith(550);
    const refusing = { ...env, SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: "1" };
    const first = await startTestServer({ env: refusing });
    const site = await seedAndRestart(
      first,
      `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values
         ('blog', 'refused.one@bc.example', 'confirmed', '/blog', 'seeded', now()), ('blog', 'refused.two@bc.example', 'confirmed', '/blog', 'seeded', now());`,
      { env: refusing },
    );
    try {
      const owner = await adminApi(site);
      const created = (await (await owner.call("POST", "/api/admin/broadcasts", body("Refused", "blog"))).json()) as { id: number };
      expect((await owner.call("POST", `/api/admin/broadcasts/${created.id}/send`)).status).toBe(202);
      const failed = await waitFor(
        async () => {
          const now = (await (await owner.get(`/api/admin/broadcasts/${created.id}`)).json()) as {
            failed: number;
            sent: number;
            failures: Array<{ reason: string; count: number }>;
          };
          return now.failed === 2 ? now : null;
        },
        "both refused",
        60_000,
      );
      expect(failed.sent).toBe(0);
      expect(failed.failures.reduce((n, f) => n + f.count, 0)).toBe(2);
      expect(failed.failures[0]!.reason).toMatch(/Mailbox unavailable|550/);
      expect(JSON.stringify(failed.failures)).not.toContain("@");
    } finally {
      await site.stop();
      await smtp.close();
    }
  }, 150_000);
});
