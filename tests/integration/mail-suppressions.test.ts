import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { inviteStaff } from "../support/staff";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 51's suppression list at the HTTP boundary: who may read and change it; every list sender honours it
 * (a sign-up gets the same answer and no mail, a broadcast skips the address) while a person's own mail still
 * goes; a completed deletion request leaves only the hash; and, with a real SMTP server refusing chosen
 * recipients at RCPT TO, a 550 suppresses the address (it leaves every list, its early-adopter spot handed
 * back, the next broadcast never asks for it) while a 451 is retried and delivered.
 */
const base = { SEED_DEMO: "false", TRUST_PROXY: "loopback", WAITLIST_SPOTS: "10", LIST_MAIL_BATCH_SIZE: "50" };
type Item = { id: number; email: string | null; reason: string; at: string };

let ip = 0;
const client = () => ({ "x-forwarded-for": `10.51.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });

function person(list: string, email: string, state = "confirmed", city: string | null = null) {
  return `('${list}', '${email}', ${city ? `'${city}'` : "null"}, ${city ? "'ios'" : "null"}, '${state}', '/early-access', 'seeded', now())`;
}
const seedSql = (rows: string[], spots = 0) =>
  `insert into audience_subscribers (list, email, city, platform, state, consent_page, consent_wording, confirmed_at) values ${rows.join(", ")};
   insert into audience_waitlist_spots (id, taken) values (1, ${spots});`;

async function items(api: Api): Promise<Item[]> {
  const res = await api.get("/api/admin/suppressions");
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Item[] }).items;
}
async function broadcast(api: Api, subject: string, list = "blog"): Promise<number> {
  const made = await api.call("POST", "/api/admin/broadcasts", { subject, markdown: `Hello from ${subject}.`, list });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: number };
  expect((await api.call("POST", `/api/admin/broadcasts/${id}/send`)).status).toBe(202);
  return id;
}
async function report(api: Api, id: number) {
  return (await (await api.get(`/api/admin/broadcasts/${id}`)).json()) as {
    state: string;
    recipients: number;
    sent: number;
    skipped: number;
    bounced: number;
    failed: number;
  };
}
type Subscriber = { email: string; list: string; state: string; endedReason: string | null };
async function subscribers(api: Api, list: string): Promise<Subscriber[]> {
  return (await (await api.get(`/api/admin/subscribers?list=${list}`)).json()) as Subscriber[];
}

describe("the suppression list, its roles and every sender (files transport)", () => {
  let server: TestServer;
  let owner: Api;
  beforeAll(async () => {
    const first = await startTestServer({ env: base });
    server = await seedAndRestart(
      first,
      seedSql([person("blog", "reader.one@sup.example"), person("blog", "kept.out@sup.example"), person("blog", "reader.two@sup.example")]),
      { env: base },
    );
    owner = await adminApi(server);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 401 anonymous and 403 an editor or author, for reading, adding and removing", async () => {
    expect((await fetch(`${server.url}/api/admin/suppressions`)).status).toBe(401);
    for (const role of ["editor", "author"] as const) {
      const member = await inviteStaff(server, owner, `${role}@staff.sup.example`, role);
      expect((await member.get("/api/admin/suppressions")).status).toBe(403);
      expect((await member.call("POST", "/api/admin/suppressions", { email: "x@sup.example" })).status).toBe(403);
      expect((await member.call("DELETE", "/api/admin/suppressions/1")).status).toBe(403);
    }
    expect(await items(owner)).toEqual([]);
  }, 120_000);

  it("adds an address (201, reason manual), refuses a bad one with its field named, removes one (204, audited)", async () => {
    const bad = await owner.call("POST", "/api/admin/suppressions", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.email).toBeTruthy();
    expect((await owner.call("POST", "/api/admin/suppressions", {})).status).toBe(400);

    const added = await owner.call("POST", "/api/admin/suppressions", { email: "Gone.Away@sup.example" });
    expect(added.status).toBe(201);
    const { item } = (await added.json()) as { item: Item };
    expect(item).toMatchObject({ email: "gone.away@sup.example", reason: "manual" });
    expect(new Date(item.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await owner.call("POST", "/api/admin/suppressions", { email: "gone.away@sup.example" })).status).toBe(200);
    expect((await items(owner)).filter((i) => i.email === "gone.away@sup.example")).toHaveLength(1);

    expect((await owner.call("DELETE", `/api/admin/suppressions/${item.id}`)).status).toBe(204);
    expect((await owner.call("DELETE", `/api/admin/suppressions/${item.id}`)).status).toBe(404);
    expect((await owner.call("DELETE", "/api/admin/suppressions/abc")).status).toBe(404);
    expect((await items(owner)).some((i) => i.email === "gone.away@sup.example")).toBe(false);
    if (usingPostgres()) {
      const audit = await queryTestDatabase(
        server.databaseUrl!,
        `select action, target_id from audit_log where action like 'mail.suppression%' order by id`,
      );
      expect(audit).toEqual([
        { action: "mail.suppression-add", target_id: String(item.id) },
        { action: "mail.suppression-remove", target_id: String(item.id) },
      ]);
    }
  });

  it("gives a suppressed address's sign-up the same answer but no mail, and skips it in a broadcast", async () => {
    expect((await owner.call("POST", "/api/admin/suppressions", { email: "kept.out@sup.example" })).status).toBe(201);
    const visitor = publicApi(server);
    const suppressed = await visitor.call(
      "POST",
      "/api/waitlist",
      { email: "kept.out@sup.example", city: "Sydney", platform: "ios" },
      client(),
    );
    const other = await visitor.call("POST", "/api/waitlist", { email: "welcome@sup.example", city: "Sydney", platform: "ios" }, client());
    expect(suppressed.status).toBe(other.status);
    expect(await suppressed.json()).toEqual(await other.json());
    // The other's confirmation was queued after; once it is out, none went to the suppressed address.
    await waitForMail(server.dataDir, "welcome@sup.example", /Confirm your Clink subscription/);

    const id = await broadcast(owner, "Suppressed readers");
    const done = await waitFor(async () => {
      const now = await report(owner, id);
      return now.state === "sent" && now.sent === 2 ? now : null;
    }, "the broadcast sent");
    expect(done).toMatchObject({ recipients: 3, sent: 2, skipped: 1 });
    await waitFor(
      () => outboxMessages(server.dataDir).filter((m) => m.subject === "Suppressed readers").length === 2,
      "both messages written",
    );
    const to = outboxMessages(server.dataDir)
      .filter((m) => m.subject === "Suppressed readers")
      .map((m) => m.to);
    expect(to.sort()).toEqual(["reader.one@sup.example", "reader.two@sup.example"]);
    expect(outboxMessages(server.dataDir).some((m) => m.to.includes("kept.out@sup.example"))).toBe(false);
    if (usingPostgres()) {
      // One batch queued both messages at once: each delivery row names its own person's, the skipped one's none.
      const rows = await queryTestDatabase(
        server.databaseUrl!,
        `select s.email, o.recipient from audience_broadcast_deliveries d join audience_subscribers s on s.id = d.subscriber_id
          left join mail_outbox o on o.id = d.mail_id where d.broadcast_id = ${id} order by s.id`,
      );
      expect(rows).toEqual([
        { email: "reader.one@sup.example", recipient: "reader.one@sup.example" },
        { email: "kept.out@sup.example", recipient: null },
        { email: "reader.two@sup.example", recipient: "reader.two@sup.example" },
      ]);
    }
  }, 60_000);

  it("still sends a person's own mail (an invitation) to a suppressed address", async () => {
    expect((await owner.call("POST", "/api/admin/suppressions", { email: "suppressed.editor@sup.example" })).status).toBe(201);
    const member = await inviteStaff(server, owner, "suppressed.editor@sup.example", "editor");
    expect(member.id).toBeGreaterThan(0);
  }, 60_000);

  it("keeps only the keyed hash once a deletion request for the address is completed", async () => {
    const email = "erase.me@sup.example";
    expect((await owner.call("POST", "/api/admin/suppressions", { email })).status).toBe(201);
    const requested = await owner.call(
      "POST",
      "/api/data-deletion-requests",
      { firstName: "Era", email, phone: "0499 000 111", captchaVerified: true, confirmDelete: true },
      client(),
    );
    expect(requested.status).toBe(202);
    const mail = await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
    const confirm = await fetch(`${server.url}/delete-my-data/verify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: mail.token! }).toString(),
    });
    expect(confirm.status).toBe(200);
    const list = (await (await owner.get("/api/admin/data-deletion-requests")).json()) as Array<{ id: number; email: string }>;
    const request = list.find((r) => r.email === email)!;
    expect((await owner.call("PATCH", `/api/admin/data-deletion-requests/${request.id}`, { status: "completed" })).status).toBe(200);
    const after = await items(owner);
    expect(JSON.stringify(after)).not.toContain("erase.me");
    expect(after.filter((i) => i.email === null)).toHaveLength(1);
    // Still suppressed: the same address signing up again gets no confirmation.
    const again = await publicApi(server).call("POST", "/api/subscriptions", { email, lists: ["blog"] }, client());
    expect(again.status).toBe(202);
    await publicApi(server).call("POST", "/api/subscriptions", { email: "after.erasure@sup.example", lists: ["blog"] }, client());
    await waitForMail(server.dataDir, "after.erasure@sup.example", /Confirm your Clink subscription/);
    expect(outboxMessages(server.dataDir).filter((m) => m.to.includes(email) && /subscription/.test(m.subject))).toEqual([]);
  }, 60_000);
});

describe("refusals at sending time (a real SMTP server)", () => {
  let server: TestServer;
  let owner: Api;
  let smtp: TestSmtp;
  const env = { ...base, MAIL_RETRY_BASE_MS: "200" };
  beforeAll(async () => {
    smtp = await startTestSmtp();
    const withSmtp = { ...env, SMTP_URL: smtp.url };
    const first = await startTestServer({ env: withSmtp });
    server = await seedAndRestart(
      first,
      seedSql(
        [
          person("waitlist", "no.such.user@smtp.example", "confirmed", "Sydney"),
          person("blog", "no.such.user@smtp.example"),
          person("waitlist", "busy.box@smtp.example", "confirmed", "Sydney"),
          person("waitlist", "fine@smtp.example", "confirmed", "Sydney"),
        ],
        3,
      ),
      { env: withSmtp },
    );
    owner = await adminApi(server);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("suppresses a 550-refused address (every list left, its spot handed back), retries a 451 and skips the 550 next time", async () => {
    smtp.refuseRecipient("no.such.user@smtp.example", 550);
    smtp.refuseRecipient("busy.box@smtp.example", 451);
    const spotsBefore = ((await (await fetch(`${server.url}/api/waitlist/spots`)).json()) as { left: number }).left;
    const id = await broadcast(owner, "Launch in Sydney", "waitlist");

    const suppressed = await waitFor(
      async () => (await items(owner)).find((i) => i.email === "no.such.user@smtp.example"),
      "the 550 suppressed",
    );
    expect(suppressed.reason).toBe("bounce");
    // The 451 is asked again (retried), and delivered once the mailbox takes mail.
    await waitFor(() => smtp.recipientsAsked.filter((r) => r === "busy.box@smtp.example").length >= 2, "the 451 retried");
    expect((await items(owner)).some((i) => i.email === "busy.box@smtp.example")).toBe(false);
    smtp.refuseRecipient("busy.box@smtp.example", null);
    const done = await waitFor(
      async () => {
        const now = await report(owner, id);
        return now.state === "sent" && now.sent === 2 ? now : null;
      },
      "the broadcast delivered to the others",
      60_000,
    );
    expect(done).toMatchObject({ recipients: 3, sent: 2, bounced: 1, failed: 0 });

    for (const list of ["waitlist", "blog"]) {
      const refused = (await subscribers(owner, list)).find((s) => s.email === "no.such.user@smtp.example");
      expect(refused).toMatchObject({ state: "unsubscribed", endedReason: "bounce" });
    }
    await waitFor(
      async () => ((await (await fetch(`${server.url}/api/waitlist/spots`)).json()) as { left: number }).left === spotsBefore + 1,
      "the spot handed back",
    );

    // The next mailing to the blog list never asks for the refused address.
    const asked = smtp.recipientsAsked.length;
    const next = await broadcast(owner, "Second to Sydney", "waitlist");
    await waitFor(
      async () => (await report(owner, next)).state === "sent" && (await report(owner, next)).sent === 2,
      "the second broadcast",
    );
    expect(smtp.recipientsAsked.slice(asked)).not.toContain("no.such.user@smtp.example");
  }, 120_000);
});
