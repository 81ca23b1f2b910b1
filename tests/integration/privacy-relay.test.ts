import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, proofOfWork } from "../support/api";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * No relay: mail to an address a visitor typed carries only our text, one address gets few verification
 * e-mails, IPv6 clients are counted by /64, and past a site-wide hourly budget form mail waits.
 */
let server: TestServer;
siteForSuite({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } }, (site) => ({ server } = site));

const post = (target: TestServer, path: string, body: unknown, ip: string) =>
  fetch(`${target.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });

const deletion = { firstName: "Relay", phone: "0412 345 678", captchaVerified: true, confirmDelete: true };

describe("mail to a typed address", () => {
  it("carries our fixed text only, never the visitor's name, subject, links or HTML", async () => {
    const spam = {
      name: "Cheap Pills <b>now</b>",
      email: "victim.receipt@relay.example",
      subject: "Visit https://spam.example/buy now",
      message: 'Click <a href="https://spam.example/x">here</a> or www.spam.example <img src="https://spam.example/p.png">',
    };
    expect((await post(server, "/api/contact", spam, "10.66.0.1")).status).toBe(201);
    const receipt = await waitForMail(server.dataDir, spam.email, /We received your message/);
    for (const part of ["spam.example", "Cheap Pills", "Visit", "<b>", "Click"]) expect(receipt.raw).not.toContain(part);
    expect(receipt.text).toContain("Thank you for contacting Clink");
  });

  it("sends one verification e-mail for 5 deletion requests for one address from 5 clients within a minute, with the same answer to each", async () => {
    const email = "Five.Requests@relay.example";
    const answers = [];
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        server,
        "/api/data-deletion-requests",
        { ...deletion, email: i % 2 ? email : email.toLowerCase() },
        `10.66.1.${i}`,
      );
      expect(res.status).toBe(202);
      answers.push(await res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
    // Another address's mail, queued after, arrives: the five had their chance to be written.
    expect((await post(server, "/api/data-deletion-requests", { ...deletion, email: "later@relay.example" }, "10.66.1.9")).status).toBe(
      202,
    );
    await waitForMail(server.dataDir, "later@relay.example", /Confirm your Clink/);
    const toThem = outboxMessages(server.dataDir).filter((m) => m.to.toLowerCase().includes("five.requests@relay.example"));
    expect(toThem).toHaveLength(1);
  });

  it("counts IPv6 clients by /64", async () => {
    const statuses = [];
    for (let i = 1; i <= 11; i++) {
      const res = await post(
        server,
        "/api/contact",
        {
          name: "Six Four",
          email: `v6.${i}@relay.example`,
          subject: "Hello",
          message: "Hello there, friend",
          altcha: await proofOfWork(server),
        },
        `2001:db8:64:1::${i.toString(16)}`,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The next /64 is another client.
    const other = await post(
      server,
      "/api/contact",
      { name: "Six Four", email: "v6.other@relay.example", subject: "Hello", message: "Hello there, friend" },
      "2001:db8:64:2::1",
    );
    expect(other.status).toBe(201);
  });
});

describe("the site-wide hourly budget for form mail", () => {
  let budgeted: TestServer | undefined;
  beforeAll(async () => {
    budgeted = await startTestServer({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback", PUBLIC_MAIL_HOURLY_BUDGET: "2" } });
  });
  afterAll(async () => {
    await budgeted?.stop();
  });

  it("holds mail past the budget in the outbox and tells the admin", async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await post(
        budgeted!,
        "/api/contact",
        { name: "Budget", email: `budget.${i}@relay.example`, subject: "Hello", message: "Hello there, friend" },
        `10.67.0.${i}`,
      );
      expect(res.status).toBe(201);
    }
    await waitForMail(budgeted!.dataDir, "budget.2@relay.example", /We received your message/);
    const admin = await adminApi(budgeted!);
    await waitFor(
      async () => (await (await admin.get("/admin/system")).text()).includes("2 e-mails from the public forms wait"),
      "the System section's notice",
    );
    const receipts = outboxMessages(budgeted!.dataDir).filter((m) => m.subject === "We received your message");
    expect(receipts.map((m) => m.to).sort()).toEqual(["budget.1@relay.example", "budget.2@relay.example"]);
  });
});
