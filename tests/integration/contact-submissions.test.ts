import { describe, expect, it } from "vitest";
import { type TestServer } from "../support/test-server";
import { siteForSuite } from "../support/suite";
import { proofOfWork } from "../support/api";

let server: TestServer;
let cookie: string;
siteForSuite({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } }, (site) => ({ server, cookie } = site));

// Every public POST comes from its own (forwarded) address unless a test says otherwise, so the
// per-address limit is only met where a test means to meet it.
let nextIp = 1;
const contact = (body: unknown, { ip = `10.0.0.${nextIp++}`, raw = false } = {}) =>
  fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: raw ? (body as string) : JSON.stringify(body),
  });

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) } });

const list = async (query = "") => (await admin(`/api/admin/contact-submissions${query}`)).json();

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Partnership", message: "Let's work together." };

describe("POST /api/contact (public)", () => {
  it("stores a submission and answers success with a message", async () => {
    const res = await contact({ ...valid, subject: "stored-one", inquiryType: "partnerships", budget: "5k_to_15k" });
    expect(res.status).toBeLessThan(300);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe("string");
    const stored = (await list()).find((s: { subject: string }) => s.subject === "stored-one");
    expect(stored).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      inquiryType: "partnerships",
      budget: "5k_to_15k",
      message: "Let's work together.",
      isResolved: false,
    });
    expect(typeof stored.id).toBe("number");
    expect(new Date(stored.createdAt).toString()).not.toBe("Invalid Date");
  });

  it("defaults the inquiry type to general_info and the budget to null", async () => {
    await contact({ ...valid, subject: "defaults-one" });
    const stored = (await list()).find((s: { subject: string }) => s.subject === "defaults-one");
    expect(stored).toMatchObject({ inquiryType: "general_info", budget: null });
  });

  it("answers 400 with success false to bad or malformed input", async () => {
    for (const body of [
      { ...valid, email: "not-an-email" },
      { ...valid, name: "" },
      { ...valid, message: undefined },
      { ...valid, inquiryType: "spam" },
      { ...valid, budget: "a million" },
      [],
    ]) {
      const res = await contact(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.success).toBe(false);
      expect(typeof answer.message).toBe("string");
    }
    const malformed = await contact("{not json", { raw: true });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).success).toBe(false);
    const notJson = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "x-forwarded-for": "10.9.9.9" },
      body: "name=x",
    });
    expect(notJson.status).toBe(400);
  });

  it("limits each client address to 10 messages an hour with 429 (each with a solved bot check)", async () => {
    const ip = "10.1.2.3";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await contact({ ...valid, subject: `limit ${i}`, altcha: await proofOfWork(server) }, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s < 300)).toBe(true);
    expect(statuses[10]).toBe(429);
    const again = await contact(valid, { ip });
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await again.json()).toMatchObject({ success: false });
    // Another address is not affected.
    expect((await contact(valid, { ip: "10.1.2.4" })).status).toBeLessThan(300);
  });
});

describe("the admin inbox", () => {
  it("lists newest first with exactly the contract's fields", async () => {
    await contact({ ...valid, subject: "order-a" });
    await contact({ ...valid, subject: "order-b" });
    const all = await list();
    const subjects = all.map((s: { subject: string }) => s.subject);
    expect(subjects.indexOf("order-b")).toBeLessThan(subjects.indexOf("order-a"));
    expect(Object.keys(all[0]).sort()).toEqual([
      "budget",
      "companyName",
      "createdAt",
      "deletionRequestId",
      "deletionStatus",
      "email",
      "id",
      "inquiryType",
      "isResolved",
      "message",
      "name",
      "phone",
      "subject",
      "website",
    ]);
  });

  it("stores the resolved state, filters by it, audits it, and 404s an unknown id", async () => {
    await contact({ ...valid, subject: "to-resolve" });
    const target = (await list()).find((s: { subject: string }) => s.subject === "to-resolve");
    const patch = (id: number | string, body: unknown) =>
      admin(`/api/admin/contact-submissions/${id}`, { method: "PATCH", body: JSON.stringify(body) });

    const res = await patch(target.id, { isResolved: true });
    expect(res.status).toBe(200);
    expect((await res.json()).submission).toMatchObject({ id: target.id, isResolved: true });
    const resolved = await list("?status=resolved");
    expect(resolved.map((s: { id: number }) => s.id)).toContain(target.id);
    expect(resolved.every((s: { isResolved: boolean }) => s.isResolved)).toBe(true);
    const unresolved = await list("?status=unresolved");
    expect(unresolved.map((s: { id: number }) => s.id)).not.toContain(target.id);
    expect(unresolved.every((s: { isResolved: boolean }) => !s.isResolved)).toBe(true);

    expect((await patch(target.id, { isResolved: false })).status).toBe(200);
    expect((await list("?status=unresolved")).map((s: { id: number }) => s.id)).toContain(target.id);

    expect((await patch(999999, { isResolved: true })).status).toBe(404);
    expect((await patch("abc", { isResolved: true })).status).toBe(404);
    const bad = await patch(target.id, { isResolved: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).success).toBe(false);
  });

  it("exports the current filter as CSV, escaped and defused against formulas", async () => {
    await contact({ ...valid, name: "=cmd|' /C calc'!A0", subject: 'csv, "quoted"', message: "line one\nline two" });
    const res = await admin("/api/admin/contact-submissions.csv?status=unresolved");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="contact-submissions-unresolved-/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM, for Excel
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe("ID,Received,Name,Email,Inquiry type,Budget,Subject,Message,Status,Company,Phone,Website");
    expect(text).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(text).toContain(`"csv, ""quoted"""`);
    expect(text).toContain(`"line one\nline two"`);
    expect(text).toContain("General Information,Not specified");
    expect(text).not.toMatch(/,Resolved,/);
  });
});

/** Every admin-only call: without a session it answers 401, from another site 403. */
const GUARDED: { method: string; path: string; body?: unknown }[] = [
  { method: "GET", path: "/api/admin/contact-submissions" },
  { method: "GET", path: "/api/admin/contact-submissions.csv" },
  { method: "PATCH", path: "/api/admin/contact-submissions/1", body: { isResolved: true } },
  { method: "PATCH", path: "/api/admin/data-deletion-requests/1", body: { status: "completed" } },
  // The blog API (built on the blog branch): writes, uploads and suggestions are admin-only.
  {
    method: "POST",
    path: "/api/blog",
    body: { title: "t", content: "c", excerpt: "e", author: "a", category: "tips", tags: [], published: false },
  },
  { method: "PUT", path: "/api/blog/1", body: { published: false } },
  { method: "DELETE", path: "/api/blog/1" },
  { method: "POST", path: "/api/upload", body: {} },
  { method: "POST", path: "/api/tag-suggestions", body: { title: "Happy hour in Sydney" } },
];

describe("the admin API guard", () => {
  for (const call of GUARDED) {
    it(`${call.method} ${call.path} answers 401 without a session`, async () => {
      const res = await fetch(`${server.url}${call.path}`, {
        method: call.method,
        headers: { "content-type": "application/json" },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      expect(res.status).toBe(401);
      expect((await res.json()).success).toBe(false);
    });
    {
      it(`${call.method} ${call.path} answers 403 from another origin, even with a session`, async () => {
        const res = await fetch(`${server.url}${call.path}`, {
          method: call.method,
          headers: { cookie, "content-type": "application/json", origin: "https://evil.example" },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
        expect(res.status).toBe(403);
      });
    }
  }

  it("a cross-site POST /api/contact is refused too", async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(403);
  });
});
