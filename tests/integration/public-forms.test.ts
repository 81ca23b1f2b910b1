import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { ADVERTISING_MESSAGES, outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { queryTestDatabase, startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";
import { siteForSuite } from "../support/suite";
import { proofOfWork } from "../support/api";

/**
 * The public forms at the HTTP boundary: POST /api/contact (advertising and contact), POST
 * /api/data-deletion-requests, the pages' own form posts (no JavaScript), the verification link and the
 * admin closing a request. No SMTP_URL here: mail is read from DATA_DIR/outbox/.
 */
let server: TestServer;
let cookie: string;
siteForSuite({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } }, (site) => ({ server, cookie } = site));

let nextIp = 1;
const freshIp = () => `10.20.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

const postJson = (path: string, body: unknown, { ip = freshIp(), raw = false, headers = {} as Record<string, string> } = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  });

const postForm = (path: string, fields: Record<string, string>, ip = freshIp()) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams(fields).toString(),
  });

const inbox = async () =>
  (await (await fetch(`${server.url}/api/admin/contact-submissions`, { headers: { cookie } })).json()) as Array<Record<string, unknown>>;

const ad = {
  name: "Sam Lee",
  email: "sam@rooftop.example",
  subject: "Advertising Inquiry from Rooftop Co",
  message: "Company: Rooftop Co\nContact: Sam Lee\n\nMessage:\nPromote our Friday happy hour.",
  inquiryType: "advertising",
  companyName: "Rooftop Co",
  phone: "+61 2 5550 1234",
  website: "https://rooftop.example",
  budget: "$1,000-$5,000",
};
const adForm = {
  companyName: "Form Bar Co",
  contactName: "Alex Form",
  email: "alex@formbar.example",
  phone: "555 0100",
  website: "https://formbar.example",
  budget: "$5,000-$10,000",
  message: "We want to reach people near our bar.",
};
const deletion = { firstName: "Jo", email: "jo@example.com", phone: "0412 345 678", captchaVerified: true, confirmDelete: true };

describe("advertising enquiries", () => {
  it("stores company, phone, website and budget, notifies the admin and answers the visitor by e-mail", async () => {
    const res = await postJson("/api/contact", { ...ad, email: "stored@rooftop.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true });
    const stored = (await inbox()).find((s) => s.email === "stored@rooftop.example");
    expect(stored).toMatchObject({
      inquiryType: "advertising",
      subject: "Advertising Inquiry from Rooftop Co",
      companyName: "Rooftop Co",
      phone: "+61 2 5550 1234",
      website: "https://rooftop.example",
      budget: "$1,000-$5,000",
    });
    const notice = await waitForMail(server.dataDir, TEST_ADMIN.email, /New submission: Advertising Inquiry from Rooftop Co/);
    expect(notice.text).toContain("Company: Rooftop Co");
    expect(notice.raw).toMatch(/^Reply-To: stored@rooftop\.example/m);
    expect(notice.raw).toMatch(/^Message-ID: <[^>]+>/m);
    expect(notice.raw).toMatch(/Content-Type: text\/plain/);
    expect(notice.raw).toMatch(/Content-Type: text\/html/);
    const receipt = await waitForMail(server.dataDir, "stored@rooftop.example", /We received your advertising enquiry/);
    expect(receipt.text).toContain("Thank you for your interest in advertising with Clink");
  });

  it("keeps a visitor's line breaks out of the mail headers", async () => {
    await postJson("/api/contact", { ...ad, email: "inject@rooftop.example", subject: "Hi\r\nBcc: victim@example.com" });
    const notice = await waitForMail(server.dataDir, TEST_ADMIN.email, /New submission: Hi Bcc/);
    const headers = notice.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(notice.subject).toBe("New submission: Hi Bcc: victim@example.com");
    expect((await inbox()).find((s) => s.email === "inject@rooftop.example")!.subject).toBe("Hi Bcc: victim@example.com");
  });

  it("answers each rule with the spec's message (JSON API)", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ companyName: "R" }, "companyName", "Company name must be at least 2 characters"],
      [{ email: "sam@" }, "email", "Please enter a valid email address"],
      [{ phone: "1234" }, "phone", "Phone number must be at least 5 characters"],
      [{ website: "rooftop" }, "website", "Please enter a valid URL"],
      [{ website: "javascript:alert(1)" }, "website", "Please enter a valid URL"],
      [{ budget: "$1M" }, "budget", "Unknown budget"],
    ];
    for (const [change, field, message] of cases) {
      const res = await postJson("/api/contact", { ...ad, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.errors[field]).toBe(message);
    }
  });

  it("works as a plain HTML form post, with the spec's messages in the page", async () => {
    const bad = await postForm("/advertise", {
      ...adForm,
      companyName: "F",
      contactName: "A",
      email: "x",
      phone: "12",
      website: "nope",
      message: "short",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of ADVERTISING_MESSAGES) expect(html).toContain(message);
    expect(html).toContain('value="nope"'); // what was typed is kept

    const good = await postForm("/advertise", adForm);
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("Thank you for your interest in advertising with Clink. Our team will contact you shortly.");
    expect((await inbox()).find((s) => s.email === "alex@formbar.example")).toMatchObject({
      subject: "Advertising Inquiry from Form Bar Co",
      companyName: "Form Bar Co",
      budget: "$5,000-$10,000",
      inquiryType: "advertising",
    });
  });
});

describe("the contact form", () => {
  it("stores a question of the chosen type, with and without JavaScript", async () => {
    const res = await postJson("/api/contact", {
      name: "Kim",
      email: "kim@example.com",
      inquiryType: "press",
      subject: "Interview",
      message: "Can we talk?",
    });
    expect(res.status).toBe(201);
    const page = await postForm("/contact", {
      name: "Lee",
      email: "lee@example.com",
      inquiryType: "careers",
      subject: "Jobs",
      message: "Hiring?",
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Thank you for your message. We will get back to you soon.");
    const all = await inbox();
    expect(all.find((s) => s.email === "kim@example.com")).toMatchObject({ inquiryType: "press", subject: "Interview" });
    expect(all.find((s) => s.email === "lee@example.com")).toMatchObject({ inquiryType: "careers", subject: "Jobs" });
    const bad = await postForm("/contact", { name: "", email: "lee@", inquiryType: "careers", subject: "", message: "" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of ["Name is required", "Please enter a valid email address", "Subject is required", "Message is required"])
      expect(html).toContain(message);
  });
});

describe("bad input never reaches a 500", () => {
  for (const path of ["/api/contact", "/api/data-deletion-requests"]) {
    it(`${path}: malformed, wrong types, unknown fields, not JSON, too large`, async () => {
      const base = path === "/api/contact" ? ad : deletion;
      const malformed = await postJson(path, "{not json", { raw: true });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ success: false });
      for (const body of [[], "text", 42, null, { ...base, email: 7 }, { ...base, admin: true }, { ...base, __proto__x: 1 }]) {
        const res = await postJson(path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const answer = await res.json();
        expect(answer.success).toBe(false);
        expect(typeof answer.message).toBe("string");
      }
      const unknown = await (await postJson(path, { ...base, admin: true })).json();
      expect(unknown.message).toMatch(/Unrecognized key/);
      const notJson = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "text/plain", "x-forwarded-for": freshIp() },
        body: "hello",
      });
      expect(notJson.status).toBe(400);
      const huge = await postJson(path, { ...base, message: "x".repeat(1_100_000) });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({ success: false });
      const get = await fetch(`${server.url}${path}`);
      expect(get.status).toBe(405);
    });
  }

  it("a page form posted as JSON or garbage answers 400, not 500", async () => {
    for (const path of ["/advertise", "/contact", "/delete-my-data"]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "x-forwarded-for": freshIp() },
        body: "garbage",
      });
      expect(res.status, path).toBe(400);
    }
  });
});

describe("abuse", () => {
  it("a filled honeypot gets the same answer and stores nothing", async () => {
    const before = outboxMessages(server.dataDir).length;
    const res = await postJson("/api/contact", { ...ad, email: "bot@spam.example", nickname: "gotcha" });
    expect(res.status).toBe(201);
    const del = await postJson("/api/data-deletion-requests", { ...deletion, email: "bot@spam.example", nickname: "gotcha" });
    expect(del.status).toBe(202);
    const page = await postForm("/advertise", { ...adForm, email: "bot@spam.example", nickname: "gotcha" });
    expect(await page.text()).toContain("Our team will contact you shortly.");
    // A real submission made after them is stored and mailed; the bots' are not.
    await postJson("/api/contact", { ...ad, email: "after-bot@rooftop.example" });
    await waitForMail(server.dataDir, "after-bot@rooftop.example", /We received/);
    expect((await inbox()).some((s) => s.email === "bot@spam.example")).toBe(false);
    expect(
      outboxMessages(server.dataDir)
        .slice(before)
        .some((m) => m.raw.includes("bot@spam.example")),
    ).toBe(false);
  });

  it("limits each address to 10 submissions an hour across all public forms, with 429 and a message", async () => {
    const ip = "10.99.0.1";
    // Scripts send a solved bot check (10 an hour); the page forms below none (3 of them an hour).
    for (let i = 0; i < 4; i++)
      expect(
        (await postJson("/api/contact", { ...ad, email: `limit${i}@example.com`, altcha: await proofOfWork(server) }, { ip })).status,
      ).toBe(201);
    for (let i = 0; i < 3; i++)
      expect((await postJson("/api/data-deletion-requests", { ...deletion, altcha: await proofOfWork(server) }, { ip })).status).toBe(202);
    for (let i = 0; i < 3; i++)
      expect(
        (await postForm("/contact", { name: "R", email: "r@example.com", inquiryType: "other", subject: "s", message: "m" }, ip)).status,
      ).toBe(200);
    const api = await postJson("/api/data-deletion-requests", deletion, { ip });
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await api.json()).toMatchObject({ success: false, message: "Too many messages from your address. Please try again later." });
    const page = await postForm(
      "/delete-my-data",
      { firstName: "Jo", email: "jo@example.com", phone: "0412345678", securityAnswer: "social-drinking", confirmDelete: "on" },
      ip,
    );
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many messages from your address. Please try again later.");
    expect((await postJson("/api/data-deletion-requests", deletion, { ip: "10.99.0.2" })).status).toBe(202);
  });
});

describe("data-deletion requests", () => {
  it("answers each rule with the spec's message, and the same success for any address", async () => {
    const res = await postJson("/api/data-deletion-requests", {
      firstName: "J",
      email: "jo@",
      phone: "123",
      captchaVerified: false,
      confirmDelete: false,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      firstName: "First name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      captchaVerified: "Please verify that you're not a robot",
      confirmDelete: "You must confirm that you want to delete your data",
    });
    const a = await postJson("/api/data-deletion-requests", { ...deletion, email: "nobody-we-know@example.com" });
    const b = await postJson("/api/data-deletion-requests", { ...deletion, email: TEST_ADMIN.email });
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
  });

  it("without JavaScript: the chosen statement is the security check", async () => {
    const wrong = await postForm("/delete-my-data", {
      firstName: "Jo",
      email: "nojs@example.com",
      phone: "0412345678",
      securityAnswer: "delivery",
    });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("Please verify that you&#x27;re not a robot");
    expect(html).toContain("You must confirm that you want to delete your data");
    const right = await postForm("/delete-my-data", {
      firstName: "Jo",
      email: "nojs@example.com",
      phone: "0412345678",
      securityAnswer: "social-drinking",
      confirmDelete: "on",
    });
    expect(right.status).toBe(200);
    const page = await right.text();
    expect(page).toContain("Verification email sent");
    expect(page).toContain("24 hours");
    expect(page).toContain("Return to Home");
    await waitForMail(server.dataDir, "nojs@example.com", /Confirm your Clink data deletion request/);
  });

  it("is confirmed once through its e-mailed link, lands in the inbox, and the admin completes it", async () => {
    const email = "link-flow@example.com";
    expect((await postJson("/api/data-deletion-requests", { ...deletion, email })).status).toBe(202);
    const mail = await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
    expect(mail.token).toBeTruthy();
    expect(mail.text).toContain(`http://localhost:3000/delete-my-data/verify?token=${mail.token}`);
    if (usingPostgres()) {
      // Only a hash of the token is stored.
      const rows = await queryTestDatabase<{ token_hash: string }>(
        server.databaseUrl!,
        `select token_hash from data_deletion_requests where email = '${email}'`,
      );
      expect(rows[0]!.token_hash).not.toContain(mail.token);
    }

    // Opening the link (a mail scanner would) confirms nothing.
    const view = await fetch(`${server.url}/delete-my-data/verify?token=${mail.token}`);
    expect(view.status).toBe(200);
    expect(await view.text()).toContain("Confirm deletion");
    expect((await inbox()).some((s) => s.email === email)).toBe(false);

    const confirm = await postForm(`/delete-my-data/verify?token=${mail.token}`, { token: mail.token! });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("Your deletion request is confirmed");
    const card = (await inbox()).find((s) => s.email === email)!;
    expect(card).toMatchObject({ inquiryType: "delete_my_data", deletionStatus: "verified", isResolved: false });
    await waitForMail(server.dataDir, TEST_ADMIN.email, /New submission: Data deletion request from Jo/);

    // Single use.
    const again = await postForm(`/delete-my-data/verify?token=${mail.token}`, { token: mail.token! });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("already been used");
    expect(await (await fetch(`${server.url}/delete-my-data/verify?token=${mail.token}`)).text()).toContain("already been used");
    expect((await inbox()).filter((s) => s.email === email)).toHaveLength(1);

    // The admin marks it completed: the requester is told.
    const patch = (id: unknown, body: unknown, headers: Record<string, string> = { cookie }) =>
      fetch(`${server.url}/api/admin/data-deletion-requests/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await patch(card.deletionRequestId, { status: "completed" }, {})).status).toBe(401);
    expect((await patch(card.deletionRequestId, { status: "done" })).status).toBe(400);
    const done = await patch(card.deletionRequestId, { status: "completed" });
    expect(done.status).toBe(200);
    // Completing erases what the site held about them, the inbox card included.
    expect((await inbox()).some((s) => s.email === email)).toBe(false);
    const told = await waitForMail(server.dataDir, email, /Your Clink data has been deleted/);
    expect(told.text).toContain("permanently deleted");
    expect((await patch(card.deletionRequestId, { status: "completed" })).status).toBe(409);
    expect((await patch(999999, { status: "completed" })).status).toBe(404);
  });

  it("an unknown or malformed token shows a clear message and changes nothing", async () => {
    for (const token of ["", "abc", "A".repeat(43), "<script>"]) {
      const view = await fetch(`${server.url}/delete-my-data/verify?token=${encodeURIComponent(token)}`);
      expect(view.status).toBe(200);
      const html = await view.text();
      expect(html).toContain("This verification link is not valid");
      expect(html).not.toContain("Confirm deletion</button>");
      const post = await postForm(`/delete-my-data/verify`, { token });
      expect(post.status).toBe(400);
    }
  });

  it("an expired link shows so and confirms nothing", async () => {
    const email = "expired@example.com";
    await postJson("/api/data-deletion-requests", { ...deletion, email });
    const mail = await waitForMail(server.dataDir, email, /Confirm your Clink/);
    const expire = `update data_deletion_requests set token_expires_at = now() - interval '1 minute' where email = '${email}'`;
    if (usingPostgres()) {
      await queryTestDatabase(server.databaseUrl!, expire);
    } else {
      // The embedded database is the server's alone: stop it, change the row, start it again on the same folder.
      expect(await server.stop()).toBe(0);
      const db = await PGlite.create({ dataDir: path.join(server.dataDir, "pglite") });
      await db.exec(expire);
      await db.close();
      server = await startTestServer({ dataDir: server.dataDir, env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } });
    }
    expect(await (await fetch(`${server.url}/delete-my-data/verify?token=${mail.token}`)).text()).toContain(
      "This verification link has expired",
    );
    const post = await postForm(`/delete-my-data/verify`, { token: mail.token! });
    expect(await post.text()).toContain("has expired");
    expect((await inbox()).some((s) => s.email === email)).toBe(false);
  });
});

describe("mail goes out once", () => {
  it("every queued message is written exactly once", async () => {
    await waitFor(() => outboxMessages(server.dataDir).length > 5, "mail");
    const ids = outboxMessages(server.dataDir).map((m) => m.raw.match(/^Message-ID: (.+)$/m)?.[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
