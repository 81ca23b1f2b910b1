import { describe, expect, it } from "vitest";
import type { Api } from "../support/api";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 20's erasure at the HTTP boundary: a deletion request goes requested -> verified -> completed, and
 * afterwards no API, export or outbox file holds the person's name, e-mail or phone (but the completion
 * e-mail itself, on its way to them).
 */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } }, (site) => ({ server, admin } = site));

const person = { firstName: "Erinna", lastName: "Quillfeather", email: "Erinna.Quill@erasure.example", phone: "0499 111 222" };
const traces = [person.firstName, person.lastName, person.email.toLowerCase(), person.phone];
const hasTrace = (text: string) => traces.some((trace) => text.toLowerCase().includes(trace.toLowerCase()));

const tokens: string[] = [];
let ip = 0;
const client = () => ({ "x-forwarded-for": `10.88.1.${++ip}` });

async function verifiedRequest(email: string): Promise<number> {
  const requested = await admin.call(
    "POST",
    "/api/data-deletion-requests",
    { firstName: person.firstName, email, phone: person.phone, captchaVerified: true, confirmDelete: true },
    client(),
  );
  expect(requested.status).toBe(202);
  const mail = await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
  tokens.push(mail.token!);
  // Opening the link (its token in the address) shows the confirm button that posts it.
  expect(await (await fetch(`${server.url}/delete-my-data/verify?token=${mail.token}`)).text()).toContain("Confirm deletion");
  const confirm = await fetch(`${server.url}/delete-my-data/verify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: mail.token! }).toString(),
  });
  expect(await confirm.text()).toContain("Your deletion request is confirmed");
  const list = (await (await admin.get("/api/admin/data-deletion-requests")).json()) as Array<Record<string, string>>;
  const request = list.find((r) => r.email === email)!;
  expect(request.state).toBe("verified");
  return Number(request.id);
}

describe("a completed deletion request erases the person", () => {
  it("leaves no name, e-mail or phone in the inbox, the CSV, the admin lists or the outbox folder", async () => {
    // What the site holds about them: a message, an advertising enquiry (with phone), the request.
    const contact = {
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      subject: "Question",
      message: "Where do you operate?",
    };
    expect((await admin.call("POST", "/api/contact", contact, client())).status).toBe(201);
    const ad = {
      ...contact,
      subject: "Advertising Inquiry from Quill Bar",
      inquiryType: "advertising",
      companyName: "Quill Bar",
      phone: person.phone,
    };
    expect((await admin.call("POST", "/api/contact", ad, client())).status).toBe(201);
    // Someone else's message stays.
    expect(
      (await admin.call("POST", "/api/contact", { ...contact, name: "Other Person", email: "other@keep.example" }, client())).status,
    ).toBe(201);
    await waitForMail(server.dataDir, person.email, /We received your/);

    const id = await verifiedRequest(person.email);
    const listed = ((await (await admin.get("/api/admin/data-deletion-requests")).json()) as Array<Record<string, string>>).find(
      (r) => Number(r.id) === id,
    )!;
    expect(new Date(listed.dueAt!).getTime() - new Date(listed.verifiedAt!).getTime()).toBe(30 * 24 * 60 * 60 * 1000);

    // A verified request's card cannot be deleted from the inbox.
    const inbox = (await (await admin.get("/api/admin/contact-submissions")).json()) as Array<Record<string, unknown>>;
    const card = inbox.find((s) => s.deletionRequestId === id)!;
    const refused = await admin.call("DELETE", `/api/admin/contact-submissions/${card.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/deletion request/);
    await waitFor(() => outboxMessages(server.dataDir).some((m) => m.subject.includes("Data deletion request from")), "the admin's notice");

    const done = await admin.call("PATCH", `/api/admin/data-deletion-requests/${id}`, { status: "completed" });
    expect(done.status).toBe(200);
    const told = await waitForMail(server.dataDir, person.email, /Your Clink data has been deleted/);
    expect(told.text).toMatch(/Messages erased from our inbox: 3 records/);
    expect(told.text).toContain("keyed fingerprint");

    // No trace anywhere the admin or the public can read, but the completion e-mail on its way.
    for (const path of [
      "/api/admin/contact-submissions",
      "/api/admin/contact-submissions?status=resolved",
      "/api/admin/contact-submissions.csv",
      "/api/admin/data-deletion-requests",
      "/admin",
    ]) {
      const text = await (await admin.get(path)).text();
      expect(hasTrace(text), path).toBe(false);
    }
    expect(await (await admin.get("/api/admin/contact-submissions")).text()).toContain("other@keep.example");
    const left = outboxMessages(server.dataDir).filter((m) => hasTrace(m.raw));
    expect(left.map((m) => m.file)).toEqual([told.file]);

    const after = ((await (await admin.get("/api/admin/data-deletion-requests")).json()) as Array<Record<string, unknown>>).find(
      (r) => r.id === id,
    )!;
    expect(after).toMatchObject({ state: "completed", firstName: null, email: null, phone: null });

    // The server's whole log so far: no token, no visitor address.
    const log = server.output();
    expect(log).toContain("/delete-my-data/verify?token=[redacted]");
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log.toLowerCase()).not.toContain(person.email.toLowerCase());
    expect(log).not.toContain("other@keep.example");

    if (usingPostgres()) {
      // Once delivered, the completion e-mail keeps neither address nor text in the database.
      await waitFor(async () => {
        const rows = await queryTestDatabase<Record<string, unknown>>(server.databaseUrl!, "select * from mail_outbox");
        return rows.every((row) => !hasTrace(JSON.stringify(row))) || null;
      }, "the completion e-mail purged after delivery");
      const requests = await queryTestDatabase<Record<string, unknown>>(
        server.databaseUrl!,
        `select * from data_deletion_requests where id = ${id}`,
      );
      expect(requests[0]!.email_hash).toMatch(/^[\w-]{43}$/);
      const everything = await queryTestDatabase<Record<string, unknown>>(
        server.databaseUrl!,
        "select (select json_agg(a) from audit_log a)::text as audit, (select json_agg(c) from contact_submissions c)::text as inbox",
      );
      expect(hasTrace(JSON.stringify(everything))).toBe(false);
    }
  });
});
