import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost, postInput, publicApi, submissionInput, type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { startFakeDns, type FakeDns } from "../support/fake-dns";
import { inviteStaff } from "../support/staff";
import { siteForSuite } from "../support/suite";
import { startTestServer, type TestServer } from "../support/test-server";
import { startWebhookReceiver, type Loose, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Signed webhooks (issue 34, decision record 0036) against the real server and a local receiver: every
 * message is verified with the Standard Webhooks reference library. The server allows private addresses
 * here (WEBHOOKS_ALLOW_PRIVATE=true) so it can reach 127.0.0.1, and retries after 50 ms, doubling.
 */
let hooks: WebhookReceiver;
let receiverUrl: string;
beforeAll(async () => {
  hooks = await startWebhookReceiver();
  receiverUrl = hooks.url;
});
afterAll(async () => {
  await hooks.close();
});
const verified = (path: string, secret: string) => hooks.verified(path, secret);

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
    expect(JSON.parse(listed).webhooks).toContainEqual(
      expect.objectContaining({ id: made.id, url: `${receiverUrl}/roles`, events: ["post.published"], includePersonalData: false }),
    );
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
    expect(message!.payload).toMatchObject({
      type: "post.published",
      data: { post: { id: post.id, slug: post.slug, title: "Hooked on hops" } },
    });
    expect(new Date(message!.payload.timestamp).toString()).not.toBe("Invalid Date");
    expect(message!.payload.data.post.url).toMatch(new RegExp(`/blog/${post.slug}$`));
    await eventually(async () => (await deliveries(id))[0]?.status === "delivered");
    expect((await deliveries(id))[0]).toMatchObject({ eventType: "post.published", status: "delivered", responseCode: 200, attempts: 1 });
  });

  it("retries after a 500 with the same webhook-id, and retries again on request with the same id", async () => {
    const { id, secret } = await addEndpoint("/flaky", ["post.published"]);
    hooks.answers.set("/flaky", [500, 500, 200]);
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
    hooks.answers.set("/test-me", [503]);
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
    const res = await publicApi(server).call(
      "POST",
      "/api/contact",
      submissionInput({ name: "Grace Hopper", email: "grace@example.com", message: "Ad space please" }),
      {
        "x-forwarded-for": "10.7.7.7",
      },
    );
    expect(res.status).toBeLessThan(300);
    await eventually(async () => verified("/crm", withData.secret).length >= 1 && verified("/chat", without.secret).length >= 1);
    const crm = verified("/crm", withData.secret)[0]!.payload;
    const chat = verified("/chat", without.secret)[0]!.payload;
    expect(crm).toMatchObject({
      type: "submission.created",
      data: { submission: { kind: "contact", name: "Grace Hopper", email: "grace@example.com", message: "Ad space please" } },
    });
    expect(chat.type).toBe("submission.created");
    expect(chat.data.submission).toEqual({
      id: crm.data.submission.id,
      kind: "contact",
      inquiryType: expect.any(String),
      budget: null,
      createdAt: expect.any(String),
    });
    const chatBody = hooks.received.find((m) => m.path === "/chat")!.body;
    expect(chatBody).not.toContain("grace@example.com");
    expect(chatBody).not.toContain("Grace Hopper");
    expect(chatBody).not.toContain("Ad space please");
  });
});

describe("a post's later events", () => {
  type Post = { id: number; slug: string; title: string; version: number; content: string; excerpt: string; published: boolean };
  const read = async (id: number) => (await (await admin.get(`/api/blog/${id}`)).json()) as Post;
  /** A full save from the editor, as the editor sends it. */
  const save = (post: Post, overrides: Record<string, unknown>) =>
    admin.call(
      "PUT",
      `/api/blog/${post.id}`,
      postInput({
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.excerpt,
        published: post.published,
        ...overrides,
      }),
    );
  const logged = async (id: number) => (await deliveries(id)).map((delivery) => delivery.eventType as string).reverse();

  it("sends post.updated for an edit of a live post, post.unpublished when it leaves, post.deleted when a live post goes; never for drafts or autosaves", async () => {
    const { id, secret } = await addEndpoint("/lifecycle", ["post.updated", "post.unpublished", "post.deleted"]);
    const live = await read((await createPost(admin, { title: "Lifecycle live" })).id);
    const draft = await read((await createPost(admin, { title: "Lifecycle draft", published: false })).id);
    expect(await logged(id)).toEqual([]);

    // A full edit of the live post, with a new address: post.updated, carrying the new slug and title.
    const newSlug = `${live.slug}-renamed`;
    expect((await save(live, { title: "Lifecycle live, edited", slug: newSlug })).status).toBe(200);
    expect(await logged(id)).toEqual(["post.updated"]);

    // An autosave of the live post waits as pending text (nothing public changed); a draft's edits and autosaves are not news.
    const edited = await read(live.id);
    expect(
      (
        await admin.call("PUT", `/api/admin/posts/${live.id}/autosave`, {
          title: "Typing",
          content: "Half a thought",
          version: edited.version,
        })
      ).status,
    ).toBe(200);
    expect((await save(draft, { content: "A draft, edited" })).status).toBe(200);
    const draftNow = await read(draft.id);
    expect(
      (
        await admin.call("PUT", `/api/admin/posts/${draft.id}/autosave`, {
          title: "Draft typing",
          content: "More",
          version: draftNow.version,
        })
      ).status,
    ).toBe(200);
    expect(await logged(id)).toEqual(["post.updated"]);

    // The list's toggle takes it down: post.unpublished; an edit while it is a draft is no update.
    expect((await admin.call("PUT", `/api/blog/${live.id}`, { published: false })).status).toBe(200);
    expect((await save(await read(live.id), { content: "Edited while down" })).status).toBe(200);
    expect(await logged(id)).toEqual(["post.updated", "post.unpublished"]);

    // Deleting a draft says nothing; deleting a live post says post.deleted.
    expect((await admin.call("DELETE", `/api/blog/${draft.id}`)).status).toBe(200);
    expect((await admin.call("PUT", `/api/blog/${live.id}`, { published: true })).status).toBe(200);
    expect((await admin.call("DELETE", `/api/blog/${live.id}`)).status).toBe(200);
    expect(await logged(id)).toEqual(["post.updated", "post.unpublished", "post.deleted"]);

    await eventually(async () => verified("/lifecycle", secret).length >= 3);
    const messages = verified("/lifecycle", secret);
    expect(messages).toHaveLength(3);
    const byType = new Map(messages.map((message) => [message.payload.type, message]));
    for (const message of messages) {
      expect(Object.keys(message.payload).sort()).toEqual(["data", "timestamp", "type"]);
      expect(new Date(message.payload.timestamp).toISOString()).toBe(message.payload.timestamp);
      expect(message.id).toMatch(/^msg_/);
    }
    expect(new Set(messages.map((message) => message.id)).size).toBe(3);
    const post = (title: string) => ({
      post: { id: live.id, slug: newSlug, title, url: expect.stringMatching(new RegExp(`/blog/${newSlug}$`)) },
    });
    expect(byType.get("post.updated")!.payload.data).toEqual(post("Lifecycle live, edited"));
    expect(byType.get("post.unpublished")!.payload.data).toEqual(post("Lifecycle live, edited"));
    expect(byType.get("post.deleted")!.payload.data).toEqual(post("Lifecycle live, edited"));
    expect(JSON.stringify(messages)).not.toContain(`"id":${draft.id},`);
    await eventually(async () => (await deliveries(id)).every((delivery) => delivery.status === "delivered"));
  });

  it("sends post.unpublished when an edit moves a live post's date ahead (scheduled), and post.updated only to endpoints that asked for it", async () => {
    const both = await addEndpoint("/schedule-both", ["post.updated", "post.unpublished"]);
    const updatesOnly = await addEndpoint("/schedule-updates", ["post.updated"]);
    const post = await read((await createPost(admin, { title: "Moved ahead" })).id);
    expect((await save(post, { createdAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200);
    expect(await logged(both.id)).toEqual(["post.unpublished"]);
    expect(await logged(updatesOnly.id)).toEqual([]);
    await eventually(async () => verified("/schedule-both", both.secret).length >= 1);
    expect(verified("/schedule-both", both.secret)[0]!.payload).toMatchObject({
      type: "post.unpublished",
      data: { post: { id: post.id, title: "Moved ahead" } },
    });
  });
});

describe("private addresses", () => {
  let strict: TestServer;
  let strictAdmin: Api;
  let dns: FakeDns;
  beforeAll(async () => {
    dns = await startFakeDns();
    // Webhook hosts are resolved by this fake DNS server: a test decides what a name points at, and when.
    strict = await startTestServer({ env: { SEED_DEMO: "false", WEBHOOKS_DNS_SERVERS: dns.server, JOB_POLL_MS: "50" } });
    const { adminApi } = await import("../support/api");
    strictAdmin = await adminApi(strict);
  });
  afterAll(async () => {
    await strict?.stop();
    await dns?.close();
  });

  it("are refused with a message unless WEBHOOKS_ALLOW_PRIVATE=true", async () => {
    for (const url of [
      `${receiverUrl}/x`,
      "http://localhost:9/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:9/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
      "http://10.0.0.1/",
    ]) {
      const res = await strictAdmin.call("POST", "/api/admin/webhooks", { url, events: ["post.published"], includePersonalData: false });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { message: string }).message, url).toMatch(/private|loopback|link-local/);
    }
  });

  it("are refused at delivery when the name that was public when saved points at 127.0.0.1 now (DNS rebinding); nothing reaches the address", async () => {
    const host = "hooks.rebind.test";
    dns.records.a = { [host]: ["93.184.216.34"] };
    const res = await strictAdmin.call("POST", "/api/admin/webhooks", {
      url: `http://${host}:${hooks.port}/rebound`,
      events: ["post.published"],
      includePersonalData: false,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(dns.questions).toContain(`A ${host}`);

    dns.records.a = { [host]: ["127.0.0.1"] };
    const asked = dns.questions.length;
    await createPost(strictAdmin, { title: "Rebound" });
    const log = async () =>
      ((await (await strictAdmin.get(`/api/admin/webhooks/${id}/deliveries`)).json()) as { deliveries: Loose[] }).deliveries;
    await eventually(async () => (await log())[0]?.attempts >= 1, 30_000);
    const [delivery] = await log();
    expect(delivery).toMatchObject({ eventType: "post.published", status: "retrying", responseCode: null });
    expect(delivery!.lastError).toBe(
      `${host} resolves to 127.0.0.1, a loopback, private or link-local address: webhooks cannot be sent there`,
    );
    expect(dns.questions.slice(asked)).toContain(`A ${host}`);
    expect(hooks.received.filter((message) => message.path === "/rebound")).toEqual([]);
  });
});
