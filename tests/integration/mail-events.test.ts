import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import {
  mailgunBody,
  mailgunFailed,
  postmarkBounce,
  postmarkComplaint,
  sendgridBounce,
  sendgridHeaders,
  sendgridKeys,
  sendgridSpamReport,
  sesBounce,
  sesComplaint,
  snsCertificate,
  snsNotification,
} from "../support/mail-provider-samples";
import { makeTempDir, startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 51's provider events at the HTTP boundary: each provider's documented sample, signed as that provider
 * signs it, suppresses its address and takes it off every list (a complaint said as such, an early adopter's
 * spot handed back); the same payload unsigned or wrongly signed is a 401 and changes nothing; the same event
 * twice changes nothing the second time; three soft bounces in 30 days count as a hard one.
 */
const POSTMARK_TOKEN = "pm-token-5e1b7c";
const MAILGUN_KEY = "key-mailgun-signing-0123456789";
const TOPIC = "arn:aws:sns:us-east-1:123456789012:ses-events";
const sendgrid = sendgridKeys();
const folder = makeTempDir("sns");
const sns = snsCertificate(folder);

let server: TestServer;
let owner: Api;
const PEOPLE = [
  "john@example.com",
  "complainer@example.com",
  "alice@example.com",
  "example@test.com",
  "reporter@test.com",
  "jane@example.com",
  "richard@example.com",
  "soft@example.com",
];

beforeAll(async () => {
  const env = {
    SEED_DEMO: "false",
    WAITLIST_SPOTS: "10",
    MAIL_EVENTS_POSTMARK_TOKEN: POSTMARK_TOKEN,
    MAIL_EVENTS_MAILGUN_SIGNING_KEY: MAILGUN_KEY,
    MAIL_EVENTS_SENDGRID_PUBLIC_KEY: sendgrid.publicKey,
    MAIL_EVENTS_SES_TOPIC_ARN: TOPIC,
    MAIL_EVENTS_SES_CERT_FILE: sns.certFile,
  };
  const rows = PEOPLE.flatMap((email) => [
    `('blog', '${email}', null, null, 'confirmed', '/blog', 'seeded', now())`,
    `('waitlist', '${email}', 'Sydney', 'ios', 'confirmed', '/early-access', 'seeded', now())`,
  ]);
  const first = await startTestServer({ env });
  server = await seedAndRestart(
    first,
    `insert into audience_subscribers (list, email, city, platform, state, consent_page, consent_wording, confirmed_at) values ${rows.join(", ")};
     insert into audience_waitlist_spots (id, taken) values (1, ${PEOPLE.length});`,
    { env },
  );
  owner = await adminApi(server);
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

const post = (provider: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/mail/events/${provider}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` });

async function suppressed(): Promise<Array<{ email: string; reason: string }>> {
  return ((await (await owner.get("/api/admin/suppressions")).json()) as { items: Array<{ email: string; reason: string }> }).items;
}
async function reasonOf(email: string): Promise<string | undefined> {
  return (await suppressed()).find((item) => item.email === email)?.reason;
}
async function listsOf(email: string): Promise<Array<{ list: string; state: string; endedReason: string | null }>> {
  const out = [];
  for (const list of ["waitlist", "blog"]) {
    const rows = (await (await owner.get(`/api/admin/subscribers?list=${list}`)).json()) as Array<{
      email: string;
      list: string;
      state: string;
      endedReason: string | null;
    }>;
    out.push(...rows.filter((row) => row.email === email).map(({ list, state, endedReason }) => ({ list, state, endedReason })));
  }
  return out;
}
const spotsLeft = async () => ((await (await fetch(`${server.url}/api/waitlist/spots`)).json()) as { left: number }).left;
const leftEveryList = (reason: string) => [
  { list: "waitlist", state: "unsubscribed", endedReason: reason },
  { list: "blog", state: "unsubscribed", endedReason: reason },
];

describe("POST /api/mail/events/{provider}", () => {
  it("answers 404 for a provider it does not know, and 405 to a GET", async () => {
    expect((await post("sparkpost", "{}")).status).toBe(404);
    expect((await fetch(`${server.url}/api/mail/events/postmark`)).status).toBe(405);
  });

  it("Postmark: basic auth with the token as user and password; unsigned or wrong is 401 and changes nothing", async () => {
    const body = JSON.stringify(postmarkBounce);
    expect((await post("postmark", body)).status).toBe(401);
    expect((await post("postmark", body, basic(POSTMARK_TOKEN, "wrong"))).status).toBe(401);
    expect((await post("postmark", body, basic("wrong", POSTMARK_TOKEN))).status).toBe(401);
    expect(await reasonOf("john@example.com")).toBeUndefined();
    const before = await spotsLeft();
    const res = await post("postmark", body, basic(POSTMARK_TOKEN, POSTMARK_TOKEN));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: 1, applied: 1 });
    expect(await reasonOf("john@example.com")).toBe("bounce");
    expect(await listsOf("john@example.com")).toEqual(leftEveryList("bounce"));
    expect(await spotsLeft()).toBe(before + 1);
    // The same event again: answered, nothing more changes.
    expect(await (await post("postmark", body, basic(POSTMARK_TOKEN, POSTMARK_TOKEN))).json()).toMatchObject({ received: 1, applied: 0 });

    expect((await post("postmark", JSON.stringify(postmarkComplaint))).status).toBe(401);
    expect((await post("postmark", JSON.stringify(postmarkComplaint), basic(POSTMARK_TOKEN, POSTMARK_TOKEN))).status).toBe(200);
    expect(await reasonOf("complainer@example.com")).toBe("complaint");
    expect(await listsOf("complainer@example.com")).toEqual(leftEveryList("complaint"));
  });

  it("Mailgun: the HMAC of timestamp and token with the signing key", async () => {
    const event = mailgunFailed();
    expect((await post("mailgun", JSON.stringify({ "event-data": event }))).status).toBe(401);
    expect((await post("mailgun", mailgunBody(MAILGUN_KEY, event, "key-of-someone-else"))).status).toBe(401);
    expect(await reasonOf("alice@example.com")).toBeUndefined();
    const signed = mailgunBody(MAILGUN_KEY, event);
    expect((await post("mailgun", signed)).status).toBe(200);
    expect(await reasonOf("alice@example.com")).toBe("bounce");
    expect(await listsOf("alice@example.com")).toEqual(leftEveryList("bounce"));
    expect(await (await post("mailgun", mailgunBody(MAILGUN_KEY, event))).json()).toMatchObject({ applied: 0 });
  });

  it("SendGrid: ECDSA over the timestamp and the raw body, with the base64 public key", async () => {
    const body = JSON.stringify(sendgridBounce);
    expect((await post("sendgrid", body)).status).toBe(401);
    const other = sendgridKeys();
    expect((await post("sendgrid", body, sendgridHeaders(other.privateKey, body))).status).toBe(401);
    // Signed, then changed: the signature covers the body.
    const headers = sendgridHeaders(sendgrid.privateKey, body);
    expect((await post("sendgrid", body.replace("example@test.com", "reporter@test.com"), headers)).status).toBe(401);
    expect(await reasonOf("example@test.com")).toBeUndefined();
    const res = await post("sendgrid", body, headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: 1, applied: 1 });
    expect(await reasonOf("example@test.com")).toBe("bounce");
    const report = JSON.stringify(sendgridSpamReport);
    expect((await post("sendgrid", report, sendgridHeaders(sendgrid.privateKey, report))).status).toBe(200);
    expect(await reasonOf("reporter@test.com")).toBe("complaint");
    expect(await listsOf("reporter@test.com")).toEqual(leftEveryList("complaint"));
  });

  it("SES through SNS: the topic configured and the signature checked against the certificate", async () => {
    const body = snsNotification(TOPIC, sesBounce, sns.keyPem);
    const unsigned = JSON.parse(body) as Record<string, string>;
    delete unsigned.Signature;
    expect((await post("ses", JSON.stringify(unsigned), { "content-type": "text/plain; charset=UTF-8" })).status).toBe(401);
    expect((await post("ses", snsNotification("arn:aws:sns:us-east-1:123456789012:other", sesBounce, sns.keyPem))).status).toBe(401);
    const forged = JSON.parse(body) as Record<string, string>;
    forged.Message = forged.Message!.replace("jane@example.com", "richard@example.com");
    expect((await post("ses", JSON.stringify(forged))).status).toBe(401);
    expect(await reasonOf("jane@example.com")).toBeUndefined();

    expect((await post("ses", body, { "content-type": "text/plain; charset=UTF-8" })).status).toBe(200);
    expect(await reasonOf("jane@example.com")).toBe("bounce");
    expect(await listsOf("jane@example.com")).toEqual(leftEveryList("bounce"));
    expect(await (await post("ses", body)).json()).toMatchObject({ applied: 0 });
    expect((await post("ses", snsNotification(TOPIC, sesComplaint, sns.keyPem, "f3c8c5d4-complaint"))).status).toBe(200);
    expect(await reasonOf("richard@example.com")).toBe("complaint");
  });

  it("counts soft bounces: the third in 30 days suppresses the address", async () => {
    for (const [i, expected] of [
      [1, undefined],
      [2, undefined],
      [3, "bounce"],
    ] as const) {
      const res = await post("mailgun", mailgunBody(MAILGUN_KEY, mailgunFailed("temporary", `soft-${i}`, "soft@example.com")));
      expect(res.status).toBe(200);
      expect(await reasonOf("soft@example.com"), `after ${i} soft bounces`).toBe(expected);
    }
    expect(await listsOf("soft@example.com")).toEqual(leftEveryList("bounce"));
  });
});
