import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost, publicApi, submissionInput, type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { inviteStaff } from "../support/staff";
import { siteForSuite } from "../support/suite";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Signed webhooks (issue 34, decision record 0036) against the real server and a local receiver: every
 * message is verified with the Standard Webhooks reference library. The server allows private addresses
 * here (WEBHOOKS_ALLOW_PRIVATE=true) so it can reach 127.0.0.1, and retries after 50 ms, doubling.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- message bodies are checked field by field
type Loose = Record<string, any>;
type Received = { path: string; headers: IncomingHttpHeaders; body: string };

const received: Received[] = [];
/** Per path: the status codes to answer, in order (the last one repeats); 200 when unset. */
const answers = new Map<string, number[]>();
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const queue = answers.get(path) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      response.writeHead(status).end(status === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

let server: TestServer;
let admin: Api;
siteForSuite(
  { env: { SEED_DEMO: "false", TRUST_PROXY: "loopback", WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOKS_RETRY_BASE_MS: "50", JOB_POLL_MS: "50" } },
  (site) => ({ server, admin } = site),
);

async function addEndpoint(path: string, events: string[], includePersonalData = false): Promise<{ id: number; secret: string }> {
  const res = await admin.call("POST", "/api/admin/webhooks", { url: `${receiverUrl}${path}`, events, includePersonalData });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; secret: string };
}

/** The messages `path` received, each verified with the endpoint's secret (throws on a bad signature). */
function verified(path: string, secret: string): Array<{ id: string; payload: { type: string; timestamp: string; data: Loose } }> {
  const hook = new Webhook(secret);
  return received
    .filter((message) => message.path === path)
    .map((message) => ({
      id: String(message.headers["webhook-id"]),
      payload: hook.verify(message.body, message.headers as Record<string, string>) as { type: string; timestamp: string; data: Loose },
    }));
}

const deliveries = async (id: number) =>
  ((await (await admin.get(`/api/admin/webhooks/${id}/deliveries`)).json()) as { deliveries: Loose[] }).deliveries;

describe("webhook endpoints", () => {
  it("are managed by administrators only; the secret is shown once as whsec_ and never listed", async () => {
    const editor = await inviteStaff(server, admin, "hooks-editor@test.clink.app", "editor");
    const body = { url: `${receiverUrl}/roles`, events: ["post.published"], includePersonalData: false };
    expect((await publicApi(server).call("POST", "/api/admin/webhooks", body)).status).toBe(401);
    expect((await publicApi(server).get("/api/admin/webhooks")).status).toBe(401);
    expect((await editor.call("POST", "/api/admin/webhooks", body)).status).toBe(403);
    expect((await editor.get("/api/admin/webhooks")).status).toBe(403);
    expect((await admin.call("POST", "/api/admin/webhooks", { ...body, events: ["post.exploded"] })).status).toBe(400);
    expect((await admin.call("POST", "/api/admin/webhooks", { ...body, url: "ftp://example.com/" })).status).toBe(400);

    const made = await addEndpoint("/roles", ["post.published"]);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(Buffer.from(made.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const listed = await (await admin.get("/api/admin/webhooks")).text();
    expect(JSON.parse(listed).webhooks).toContainEqual(expect.objectContaining({ id: made.id, url: `${receiverUrl}/roles`, events: ["post.published"], includePersonalData: false }));
    expect(listed).not.toContain(made.secret.slice(6));

    expect((await editor.call("DELETE", `/api/admin/webhooks/${made.id}`)).status).toBe(403);
    expect((await admin.call("DELETE", `/api/admin/webhooks/${made.id}`)).status).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/webhooks/${made.id}`)).status).toBe(404);
  });
});

describe("deliveries", () => {
  it("sends post.published, signed, when a post is published", async () => {
    const { id, secret } = await addEndpoint("/posts", ["post.published", "post.updated"]);
    const post = await createPost(admin, { title: "Hooked on hops" });
    await eventually(async () => verified("/posts", secret).length >= 1);
    const [message] = verified("/posts", secret);
    expect(message!.id).toMatch(/^msg_/);
    expect(message!.payload).toMatchObject({ type: "post.published", data: { post: { id: post.id, slug: post.slug, title: "Hooked on hops" } } });
    expect(new Date(message!.payload.timestamp).toString()).not.toBe("Invalid Date");
    expect(message!.payload.data.post.url).toMatch(new RegExp(`/blog/${post.slug}$`));
    await eventually(async () => (await deliveries(id))[0]?.status === "delivered");
    expect((await deliveries(id))[0]).toMatchObject({ eventType: "post.published", status: "delivered", responseCode: 200, attempts: 1 });
  });

  it("retries after a 500 with the same webhook-id, and retries again on request with the same id", async () => {
    const { id, secret } = await addEndpoint("/flaky", ["post.published"]);
    answers.set("/flaky", [500, 500, 200]);
    await createPost(admin);
    await eventually(async () => verified("/flaky", secret).length >= 3);
    const messages = verified("/flaky", secret);
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    const [log] = await deliveries(id);
    await eventually(async () => (await deliveries(id))[0]?.status === "delivered");
    expect((await deliveries(id))[0]).toMatchObject({ status: "delivered", responseCode: 200, attempts: 3, messageId: messages[0]!.id });

    const retried = await admin.call("POST", `/api/admin/webhooks/${id}/deliveries/${log!.id}/retry`);
    expect(retried.status).toBe(202);
    await eventually(async () => verified("/flaky", secret).length >= 4);
    expect(verified("/flaky", secret)[3]!.id).toBe(messages[0]!.id);
  });

  it("sends a signed test message on request, and logs a refusal", async () => {
    const { id, secret } = await addEndpoint("/test-me", ["post.deleted"]);
    answers.set("/test-me", [503]);
    const res = await admin.call("POST", `/api/admin/webhooks/${id}/test`);
    expect(res.status).toBe(202);
    await eventually(async () => verified("/test-me", secret).length >= 1);
    expect(verified("/test-me", secret)[0]!.payload.type).toBe("webhook.test");
    await eventually(async () => (await deliveries(id))[0]?.responseCode === 503);
    expect((await deliveries(id))[0]).toMatchObject({ eventType: "webhook.test", status: "retrying", lastError: "answered 503" });
    expect((await admin.call("POST", `/api/admin/webhooks/999999/test`)).status).toBe(404);
  });

  it("hands an enquiry's name and e-mail only to the endpoint marked for personal data", async () => {
    const withData = await addEndpoint("/crm", ["submission.created"], true);
    const without = await addEndpoint("/chat", ["submission.created"], false);
    const res = await publicApi(server).call("POST", "/api/contact", submissionInput({ name: "Grace Hopper", email: "grace@example.com", message: "Ad space please" }), {
      "x-forwarded-for": "10.7.7.7",
    });
    expect(res.status).toBeLessThan(300);
    await eventually(async () => verified("/crm", withData.secret).length >= 1 && verified("/chat", without.secret).length >= 1);
    const crm = verified("/crm", withData.secret)[0]!.payload;
    const chat = verified("/chat", without.secret)[0]!.payload;
    expect(crm).toMatchObject({ type: "submission.created", data: { submission: { kind: "contact", name: "Grace Hopper", email: "grace@example.com", message: "Ad space please" } } });
    expect(chat.type).toBe("submission.created");
    expect(chat.data.submission).toEqual({ id: crm.data.submission.id, kind: "contact", inquiryType: expect.any(String), budget: null, createdAt: expect.any(String) });
    const chatBody = received.find((m) => m.path === "/chat")!.body;
    expect(chatBody).not.toContain("grace@example.com");
    expect(chatBody).not.toContain("Grace Hopper");
    expect(chatBody).not.toContain("Ad space please");
  });
});

describe("private addresses", () => {
  let strict: TestServer;
  let strictAdmin: Api;
  beforeAll(async () => {
    strict = await startTestServer({ env: { SEED_DEMO: "false" } });
    const { adminApi } = await import("../support/api");
    strictAdmin = await adminApi(strict);
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it("are refused with a message unless WEBHOOKS_ALLOW_PRIVATE=true", async () => {
    for (const url of [`${receiverUrl}/x`, "http://localhost:9/x", "http://169.254.169.254/latest/meta-data", "http://[::1]:9/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://10.0.0.1/"]) {
      const res = await strictAdmin.call("POST", "/api/admin/webhooks", { url, events: ["post.published"], includePersonalData: false });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { message: string }).message, url).toMatch(/private|loopback|link-local/);
    }
  });
});
