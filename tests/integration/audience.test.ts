import { afterAll, describe, expect, it } from "vitest";
import { createPost, publicApi, type Api } from "../support/api";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { header } from "../support/smtp";
import { inviteStaff } from "../support/staff";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 33 at the HTTP boundary: the early-adopter list's double opt-in and its real spots, new posts by
 * e-mail (once per post and person, across a restart), RFC 8058 one-click leaving, the admin's list and
 * export, and a completed deletion request that leaves no trace in any list, export or outbox file.
 */
let server: TestServer;
let admin: Api;
// Five spots, so a few confirmations reach zero; one new-post e-mail per batch, so a restart falls between batches.
const env = { SEED_DEMO: "false", TRUST_PROXY: "loopback", WAITLIST_SPOTS: "5", LIST_MAIL_BATCH_SIZE: "1" };
siteForSuite({ env }, (site) => ({ server, admin } = site));
const restarted: TestServer[] = [];
afterAll(async () => {
  await restarted.at(-1)?.stop();
});

let ip = 0;
const client = () => ({ "x-forwarded-for": `10.93.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
const visitor = () => publicApi(server);

const ACCEPTED = { success: true, message: "Thanks! Please check your inbox: we sent you a link to confirm. It expires in 24 hours." };

async function joinWaitlist(email: string, extra: Record<string, unknown> = {}) {
  return visitor().call("POST", "/api/waitlist", { email, city: "Sydney", platform: "ios", ...extra }, client());
}
async function joinBlog(email: string) {
  return visitor().call("POST", "/api/subscriptions", { email, lists: ["blog"] }, client());
}

async function confirmToken(email: string): Promise<string> {
  const mail = await waitForMail(server.dataDir, email, /Confirm your Clink subscription/);
  const token = mail.text.match(/early-access\/confirm\?token=([A-Za-z0-9_-]{43})/)?.[1];
  expect(token, "the confirmation link").toBeTruthy();
  return token!;
}

function confirm(token: string, at = server.url) {
  return fetch(`${at}/early-access/confirm`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
}

async function spots(): Promise<{ total: number; left: number }> {
  const res = await fetch(`${server.url}/api/waitlist/spots`);
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; left: number };
}

type Subscriber = {
  id: number;
  email: string;
  state: string;
  list: string;
  consentPage: string;
  consentWording: string;
  confirmedAt: string | null;
  endedAt: string | null;
};
async function subscribers(list: "waitlist" | "blog"): Promise<Subscriber[]> {
  const res = await admin.get(`/api/admin/subscribers?list=${list}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Subscriber[];
}

describe("the early-adopter list", () => {
  it("answers the same for new, known and unconfirmed addresses, 400 for a malformed one, 429 past the limit", async () => {
    for (const attempt of ["new", "unconfirmed", "after confirming"]) {
      const res = await joinWaitlist("same.person@audience.example");
      expect(res.status, attempt).toBe(202);
      expect(await res.json(), attempt).toEqual(ACCEPTED);
      if (attempt === "unconfirmed") await confirm(await confirmToken("same.person@audience.example"));
    }
    const blog = await joinBlog("same.person@audience.example");
    expect(blog.status).toBe(202);
    expect(await blog.json()).toEqual(ACCEPTED);

    for (const body of [
      { email: "not-an-address", city: "Sydney", platform: "ios" },
      { email: "a@audience.example", city: "Atlantis", platform: "ios" },
      { email: "a@audience.example", city: "Sydney", platform: "windows-phone" },
    ]) {
      const res = await visitor().call("POST", "/api/waitlist", body, client());
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await visitor().call("POST", "/api/subscriptions", { email: "a@audience.example", lists: ["news"] }, client())).status).toBe(
      400,
    );

    // Without the bot check's proof (no JavaScript), 3 an hour from one address; then 429 with Retry-After.
    const from = { "x-forwarded-for": "10.94.0.1" };
    const answers: Response[] = [];
    for (let i = 0; i < 4; i++)
      answers.push(await visitor().call("POST", "/api/subscriptions", { email: `limit${i}@audience.example`, lists: ["blog"] }, from));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 429]);
    expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("confirms by the button, not the link, once, and each confirmation takes one spot", async () => {
    const before = await spots();
    expect(before.total).toBe(5);
    expect((await joinWaitlist("first.spot@audience.example", { blog: true })).status).toBe(202);
    const token = await confirmToken("first.spot@audience.example");
    // Opening the link (a mail scanner) shows the button and confirms nothing.
    const page = await fetch(`${server.url}/early-access/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm my subscription");
    expect(await spots()).toEqual(before);
    const pending = (await subscribers("waitlist")).find((s) => s.email === "first.spot@audience.example")!;
    expect(pending).toMatchObject({ state: "pending", consentPage: "/early-access", confirmedAt: null });
    expect(pending.consentWording).toContain("early-adopter list");

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You are confirmed");
    await waitFor(async () => (await spots()).left === before.left - 1 || null, "left down by one");
    // Both lists of the one sign-up.
    expect((await subscribers("waitlist")).find((s) => s.email === "first.spot@audience.example")).toMatchObject({ state: "confirmed" });
    expect((await subscribers("blog")).find((s) => s.email === "first.spot@audience.example")).toMatchObject({ state: "confirmed" });
    // Once: the same button again finds the link used, and takes nothing.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("already been used");
    expect((await spots()).left).toBe(before.left - 1);
  });

  it("gives the last 3 spots to exactly 3 of 20 people confirming at once (on two instances with PostgreSQL), never going below zero", async () => {
    const { left } = await spots();
    expect(left).toBe(3);
    const people = Array.from({ length: 20 }, (_, i) => `rush${i}@audience.example`);
    for (const email of people) expect((await joinWaitlist(email)).status).toBe(202);
    const tokens = await Promise.all(people.map(confirmToken));
    // On PostgreSQL, half of them through a second instance of the site sharing the database.
    const other = usingPostgres() ? await startTestServer({ databaseUrl: server.databaseUrl, env }) : null;
    try {
      const answers = await Promise.all(tokens.map((token, i) => confirm(token, other && i % 2 ? other.url : server.url)));
      expect(answers.map((r) => r.status).every((s) => s === 200)).toBe(true);
      if (other)
        await waitFor(
          async () => ((await (await fetch(`${other.url}/api/waitlist/spots`)).json()) as { left: number }).left === 0 || null,
          "the other instance's count",
        );
    } finally {
      await other?.stop();
    }
    await waitFor(async () => (await spots()).left === 0 || null, "no spots left");
    const rows = (await subscribers("waitlist")).filter((s) => people.includes(s.email));
    expect(rows.filter((s) => s.state === "confirmed")).toHaveLength(3);
    expect(rows.filter((s) => s.state === "notify")).toHaveLength(17);
    expect(await spots()).toEqual({ total: 5, left: 0 });
    // The card says the list is full.
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain("The early-adopter list is full");
    expect(home).toContain("Tell me when it opens");
  });
});

describe("the admin's list", () => {
  it("is for administrators: 401 anonymous, 403 for an editor (who gets the counts), a CSV export that is audited", async () => {
    expect((await fetch(`${server.url}/api/admin/subscribers?list=waitlist`)).status).toBe(401);
    const editor = await inviteStaff(server, admin, "editor@audience.example", "editor");
    expect((await editor.get("/api/admin/subscribers?list=blog")).status).toBe(403);
    expect((await editor.get("/api/admin/subscribers.csv?list=blog")).status).toBe(403);
    const counts = (await (await editor.get("/api/admin/audience")).json()) as {
      lists: Record<string, Record<string, number>>;
      spots: unknown;
    };
    expect(counts.lists.waitlist!.confirmed).toBe(5);
    expect(JSON.stringify(counts)).not.toContain("@");
    expect((await admin.get("/api/admin/subscribers?list=nope")).status).toBe(400);

    expect((await joinWaitlist("=HYPERLINK(1)@audience.example")).status).toBe(400);
    const csv = await (await admin.get("/api/admin/subscribers.csv?list=waitlist")).text();
    expect(csv).toContain("first.spot@audience.example");
    const audit = await (await admin.get("/admin")).text();
    expect(audit).toContain("Exported the Early-adopter list");
  });
});

describe("new posts by e-mail", () => {
  const readers = ["reader.a@audience.example", "reader.b@audience.example", "reader.c@audience.example"];
  const leaver = "reader.leaves@audience.example";
  const unconfirmed = "reader.unconfirmed@audience.example";
  const postMails = (title: string) => outboxMessages(server.dataDir).filter((m) => m.subject.includes(`New post: ${title}`));

  it("e-mails each confirmed subscriber once, with one-click leaving, never on an edit", async () => {
    for (const email of [...readers, leaver, unconfirmed]) expect((await joinBlog(email)).status).toBe(202);
    for (const email of [...readers, leaver]) expect((await confirm(await confirmToken(email))).status).toBe(200);

    const post = await createPost(admin, { title: "Rooftops of Sydney", excerpt: "Where to drink with a view." });
    const expected = [...readers, leaver, "first.spot@audience.example"];
    await waitFor(() => postMails(post.title).length >= expected.length || null, "the new-post e-mails");
    const mails = postMails(post.title);
    expect(mails.map((m) => m.to).sort()).toEqual(expected.sort());
    const toLeaver = mails.find((m) => m.to === leaver)!;
    expect(toLeaver.text).toContain("Where to drink with a view.");
    expect(toLeaver.text).toContain(`/blog/${post.slug}?utm_source=newsletter&utm_medium=email`);
    expect(header(toLeaver.raw, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const listUnsubscribe = header(toLeaver.raw, "list-unsubscribe")!;
    const url = listUnsubscribe.match(/^<(https?:\/\/[^>]+)>$/)?.[1];
    expect(url, listUnsubscribe).toBeTruthy();
    expect(toLeaver.text).toContain(url!);

    // The link opened shows one button; the one-click POST (RFC 8058) ends the subscription at once.
    const local = url!.replace(/^https?:\/\/[^/]+/, server.url);
    expect(await (await fetch(local)).text()).toContain("Unsubscribe");
    expect((await subscribers("blog")).find((s) => s.email === leaver)!.state).toBe("confirmed");
    const oneClick = await fetch(local, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const left = (await subscribers("blog")).find((s) => s.email === leaver)!;
    expect(left.state).toBe("unsubscribed");
    expect(left.endedAt).toBeTruthy();
    // The waitlist is another list: one-click left only this one.

    // An edit of a live post sends nothing.
    expect(
      (
        await admin.call("PUT", `/api/blog/${post.id}`, {
          title: post.title,
          excerpt: "Edited.",
          content: "Edited body.",
          author: "Alex Writer",
          category: "tips",
          tags: [],
          published: true,
        })
      ).status,
    ).toBe(200);
    // A draft published later is news; its e-mails skip the one who left and the one who never confirmed.
    const draft = await createPost(admin, { title: "Hidden Bars of Melbourne", published: false });
    const restartAt = [...readers, "first.spot@audience.example"];
    expect(
      (
        await admin.call("PUT", `/api/blog/${draft.id}`, {
          title: draft.title,
          excerpt: "Down the laneways.",
          content: "Body.",
          author: "Alex Writer",
          category: "tips",
          tags: [],
          published: true,
        })
      ).status,
    ).toBe(200);

    // Half-way (one e-mail per batch), the site stops and starts again: nobody gets a second copy.
    await waitFor(() => postMails(draft.title).length >= 1 || null, "the first e-mail of the batches");
    expect(await server.stop()).toBe(0);
    server = await startTestServer({ dataDir: server.dataDir, databaseUrl: server.databaseUrl, env });
    restarted.push(server);
    admin = publicApi(server, admin.cookie);
    await waitFor(() => postMails(draft.title).length >= restartAt.length || null, "every e-mail after the restart", 60_000);
    const second = postMails(draft.title)
      .map((m) => m.to)
      .sort();
    expect(second).toEqual([...restartAt].sort());
    expect(postMails(post.title)).toHaveLength(expected.length);
    for (const m of outboxMessages(server.dataDir)) expect(m.to.includes(unconfirmed) && m.subject.startsWith("New post")).toBe(false);
  }, 180_000);

  it("e-mails a scheduled post when its publish time comes, not when it is saved", async () => {
    const publishAt = Date.now() + 5_000;
    const scheduled = await createPost(admin, { title: `Opening night ${publishAt}`, createdAt: new Date(publishAt).toISOString() });
    // Saved with a date ahead: not news yet (the go-live check runs each minute, so it has not come).
    expect(postMails(scheduled.title)).toHaveLength(0);
    const stillSubscribed = [...readers, "first.spot@audience.example"];
    await waitFor(
      () => postMails(scheduled.title).length >= stillSubscribed.length || null,
      "the scheduled post's e-mails at go-live",
      150_000,
    );
    expect(
      postMails(scheduled.title)
        .map((m) => m.to)
        .sort(),
    ).toEqual([...stillSubscribed].sort());
    const sentAt = Math.min(
      ...outboxMessages(server.dataDir)
        .filter((m) => m.subject.includes(scheduled.title))
        .map((m) => Date.parse(header(m.raw, "date")!)),
    );
    expect(sentAt).toBeGreaterThanOrEqual(publishAt - 1_000);
  }, 200_000);
});

describe("a completed deletion request", () => {
  it("erases the person from every list, the export and the outbox", async () => {
    const email = "Erase.Me@audience.example";
    expect((await joinWaitlist(email, { blog: true, city: "London", platform: "android" })).status).toBe(202);
    expect((await confirm(await confirmToken(email))).status).toBe(200);
    const requested = await visitor().call(
      "POST",
      "/api/data-deletion-requests",
      { firstName: "Erase", email, phone: "0499 000 111", captchaVerified: true, confirmDelete: true },
      client(),
    );
    expect(requested.status).toBe(202);
    const mail = await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
    await fetch(`${server.url}/delete-my-data/verify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: mail.token! }).toString(),
    });
    await waitFor(
      () => outboxMessages(server.dataDir).some((m) => m.subject.includes("Data deletion request from Erase")),
      "the admin's notice",
    );
    const list = (await (await admin.get("/api/admin/data-deletion-requests")).json()) as Array<{ id: number; email: string | null }>;
    const request = list.find((r) => r.email === email)!;
    expect((await admin.call("PATCH", `/api/admin/data-deletion-requests/${request.id}`, { status: "completed" })).status).toBe(200);
    const told = await waitForMail(server.dataDir, email, /Your Clink data has been deleted/);

    const trace = email.toLowerCase();
    for (const path of [
      "/api/admin/subscribers?list=waitlist",
      "/api/admin/subscribers?list=blog",
      "/api/admin/subscribers.csv?list=waitlist",
      "/api/admin/subscribers.csv?list=blog",
    ]) {
      expect((await (await admin.get(path)).text()).toLowerCase().includes(trace), path).toBe(false);
    }
    const files = outboxMessages(server.dataDir).filter((m) =>
      m.raw
        .replace(/=\r?\n/g, "")
        .toLowerCase()
        .includes(trace),
    );
    expect(files.map((m) => m.file)).toEqual([told.file]);
    if (usingPostgres()) {
      // Nor in the database: no list row, no outbox body (the completion e-mail is purged once delivered).
      await waitFor(async () => {
        const rows = await queryTestDatabase<Record<string, unknown>>(server.databaseUrl!, "select * from mail_outbox");
        return rows.every((row) => !JSON.stringify(row).toLowerCase().includes(trace)) || null;
      }, "no outbox row about them");
      const lists = await queryTestDatabase<Record<string, unknown>>(server.databaseUrl!, "select * from audience_subscribers");
      expect(JSON.stringify(lists).toLowerCase()).not.toContain(trace);
    }
  });
});

describe("odd requests", () => {
  it("answer 4xx, never 500", async () => {
    const cases: Array<[string, string, RequestInit]> = [
      ["POST", "/api/waitlist", { body: "not json", headers: { "content-type": "application/json" } }],
      [
        "POST",
        "/api/subscriptions",
        { body: JSON.stringify({ email: "a@b.example", lists: "blog" }), headers: { "content-type": "application/json" } },
      ],
      ["GET", "/api/waitlist", {}],
      ["POST", "/api/waitlist/spots", {}],
      [
        "POST",
        "/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        { body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } },
      ],
      ["POST", "/unsubscribe", { body: "{}", headers: { "content-type": "application/json" } }],
      ["POST", "/early-access/confirm?token=nope", { body: "x", headers: { "content-type": "text/plain" } }],
      ["POST", "/early-access", { body: "email=a%00b", headers: { "content-type": "application/x-www-form-urlencoded", ...client() } }],
      ["POST", "/subscribe", { body: "email=", headers: { "content-type": "application/x-www-form-urlencoded", ...client() } }],
    ];
    for (const [method, path, init] of cases) {
      const res = await fetch(`${server.url}${path}`, { method, ...init });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect((await fetch(`${server.url}/unsubscribe?token=garbage`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/early-access/confirm?token=garbage`)).text()).toContain("not valid");
    // No error in the log, and no link's token or subscriber's address.
    const log = server.output();
    expect(log).not.toMatch(/"level":50/);
    expect(log).toContain("token=[redacted]");
    expect(log).not.toContain("@audience.example");
  });
});
