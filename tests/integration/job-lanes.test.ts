import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LANE_CONCURRENCY } from "~/core/jobs/jobs";
import { adminApi, createPost, publicApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Background work in lanes (issue 39, decision record 0047): more webhook receivers that accept and never
 * answer than the default lane has slots, subscribed to every event, hold only the webhooks' lane (without
 * it they would hold every slot of the default lane, and its mail would wait for their time-outs). A staff invitation and a sign-up's
 * confirmation go out while their requests are still open, 300 new-post e-mails all go out before those
 * deliveries have spent their attempts (once each, with two instances on PostgreSQL), retries keep their
 * configured back-off relative to each other, and a receiver's endless answer is cut off, not read to the end.
 */
const EVERY_EVENT = ["post.published", "post.updated", "post.unpublished", "post.deleted", "submission.created", "subscriber.confirmed"];
const READERS = 300;
const RETRY_BASE_MS = 1000;
/** One more silent receiver than the default lane has slots. */
const SILENT_RECEIVERS = DEFAULT_LANE_CONCURRENCY + 1;

type Attempt = { path: string; open: boolean };
type SilentReceiver = { url: string; attempts: Attempt[]; close: () => Promise<void> };

/** Accepts every request, reads it, and never answers (the socket stays open until the sender gives up). */
async function startSilentReceiver(): Promise<SilentReceiver> {
  const attempts: Attempt[] = [];
  const server: Server = createServer((request: IncomingMessage) => {
    const attempt = { path: request.url ?? "/", open: true };
    attempts.push(attempt);
    request.resume();
    request.socket.on("close", () => (attempt.open = false));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    attempts,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Answers 200 and then sends a body without end, until the sender closes the socket. */
async function startEndlessReceiver(): Promise<{ url: string; closed: () => boolean; close: () => Promise<void> }> {
  let closed = false;
  const chunk = Buffer.alloc(16 * 1024, "x");
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "content-type": "text/plain" });
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once("drain", pump);
    };
    response.on("close", () => (closed = true));
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    closed: () => closed,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const env = {
  SEED_DEMO: "false",
  TRUST_PROXY: "loopback",
  WEBHOOKS_ALLOW_PRIVATE: "true",
  WEBHOOKS_RETRY_BASE_MS: String(RETRY_BASE_MS),
  JOB_POLL_MS: "200",
  PUBLIC_MAIL_HOURLY_BUDGET: "2000",
};

let server: TestServer;
let second: TestServer | undefined;
let admin: Api;
const silent: SilentReceiver[] = [];
let refusing: WebhookReceiver;
let ip = 0;
const client = () => ({ "x-forwarded-for": `10.97.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });

beforeAll(async () => {
  const first = await startTestServer({ env });
  // Confirmed readers of the blog list, seeded: 300 sign-ups through the form would test the form.
  const readers = Array.from(
    { length: READERS },
    (_, i) => `('blog', 'reader${i}@lanes.example', 'confirmed', '/blog', 'seeded', now())`,
  ).join(", ");
  server = await seedAndRestart(
    first,
    `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values ${readers}`,
    { env },
  );
  admin = await adminApi(server);
  for (let i = 0; i < SILENT_RECEIVERS; i++) silent.push(await startSilentReceiver());
  refusing = await startWebhookReceiver();
  for (const receiver of silent) await addEndpoint(`${receiver.url}/all`, EVERY_EVENT);
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  for (const receiver of silent) await receiver.close();
  await refusing?.close();
});

async function addEndpoint(url: string, events: string[]): Promise<number> {
  const res = await admin.call("POST", "/api/admin/webhooks", { url, events, includePersonalData: false });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const openAttempts = () => silent.flatMap((receiver) => receiver.attempts.filter((attempt) => attempt.open));

/**
 * Makes every silent receiver hold a request open, and gives those attempts: a test message to each that has
 * no delivery still pending (one pending delivery per receiver, so they hold no more of the webhooks' lane
 * than there are receivers, and the lane keeps room for the back-off test).
 */
async function hangAll(): Promise<Attempt[]> {
  const endpoints = ((await (await admin.get("/api/admin/webhooks")).json()) as { webhooks: Array<{ id: number; url: string }> }).webhooks;
  for (const endpoint of endpoints.filter((e) => e.url.endsWith("/all"))) {
    const { deliveries } = (await (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json()) as {
      deliveries: Array<{ status: string }>;
    };
    if (!deliveries.some((d) => d.status === "pending"))
      expect((await admin.call("POST", `/api/admin/webhooks/${endpoint.id}/test`)).status).toBe(202);
  }
  await waitFor(
    () => silent.every((receiver) => receiver.attempts.some((a) => a.open)) || null,
    "every silent receiver holding a request",
    120_000,
  );
  return openAttempts();
}

describe(`with ${SILENT_RECEIVERS} webhook receivers that never answer (the default lane has ${DEFAULT_LANE_CONCURRENCY} slots)`, () => {
  it("a staff invitation is mailed while their requests are still open", async () => {
    const hanging = await hangAll();
    const res = await admin.call("POST", "/api/admin/invitations", { email: "lanes.invitee@test.clink.app", role: "editor" });
    expect(res.status, await res.clone().text()).toBe(201);
    await waitForMail(server.dataDir, "lanes.invitee@test.clink.app", /invited/);
    // One job at a time would have sent it only once those requests had timed out.
    expect(hanging.some((attempt) => attempt.open)).toBe(true);
  });

  it("a sign-up's confirmation is mailed while their requests are still open", async () => {
    const hanging = await hangAll();
    const res = await publicApi(server).call(
      "POST",
      "/api/subscriptions",
      { email: "lanes.signup@lanes.example", lists: ["blog"] },
      client(),
    );
    expect(res.status).toBe(202);
    await waitForMail(server.dataDir, "lanes.signup@lanes.example", /Confirm your Clink subscription/);
    expect(hanging.some((attempt) => attempt.open)).toBe(true);
  });

  it("a refused delivery is retried after the configured back-off, each wait twice the one before", { timeout: 120_000 }, async () => {
    await hangAll();
    const id = await addEndpoint(`${refusing.url}/refuse`, ["post.deleted"]);
    refusing.answers.set("/refuse", [500]);
    const attempts = () => refusing.received.filter((r) => r.path === "/refuse");
    expect((await admin.call("POST", `/api/admin/webhooks/${id}/test`)).status).toBe(202);
    await waitFor(() => attempts().length >= 4 || null, "four attempts", 60_000);
    // Timed where each attempt arrived, not when this test's polling saw it.
    const arrivals = attempts()
      .slice(0, 4)
      .map((r) => r.at);
    const waits = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    // Never before its time (RETRY_BASE_MS, then twice, then four times)...
    waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 ** i - 50));
    // ...and not held back behind the silent receivers' 10 s attempts (which would make the waits alike).
    for (let i = 1; i < waits.length; i++) expect(waits[i]! / waits[i - 1]!).toBeGreaterThan(1.3);
  });

  it(
    `300 new-post e-mails all go out${usingPostgres() ? " (once each, from two instances)" : ""} before those deliveries have spent their attempts`,
    { timeout: 300_000 },
    async () => {
      if (usingPostgres()) second = await startTestServer({ env, databaseUrl: server.databaseUrl });
      await createPost(admin, { title: "Three hundred readers" });
      const mails = () =>
        [server, ...(second ? [second] : [])]
          .flatMap((s) => outboxMessages(s.dataDir))
          .filter((m) => m.subject.includes("Three hundred readers"));
      await waitFor(() => mails().length >= READERS || null, "the new-post e-mails", 240_000);
      const deliveries = await Promise.all(
        ((await (await admin.get("/api/admin/webhooks")).json()) as { webhooks: Array<{ id: number; url: string }> }).webhooks
          .filter((e) => e.url.endsWith("/all"))
          .map(
            async (e) =>
              (
                (await (await admin.get(`/api/admin/webhooks/${e.id}/deliveries`)).json()) as {
                  deliveries: Array<{ eventType: string; status: string }>;
                }
              ).deliveries,
          ),
      );
      const published = deliveries.flat().filter((d) => d.eventType === "post.published");
      expect(published.length).toBeGreaterThanOrEqual(2);
      expect(published.filter((d) => d.status === "failed")).toEqual([]);
      const recipients = mails().map((m) => m.to);
      expect(new Set(recipients).size).toBe(READERS);
      expect(recipients).toHaveLength(READERS);
    },
  );
});

describe("a receiver that answers without end", () => {
  it("has its answer cut off after a few KB and the delivery counted as delivered", async () => {
    const endless = await startEndlessReceiver();
    try {
      const id = await addEndpoint(`${endless.url}/endless`, ["post.deleted"]);
      expect((await admin.call("POST", `/api/admin/webhooks/${id}/test`)).status).toBe(202);
      const delivered = await waitFor(async () => {
        const [row] = (
          (await (await admin.get(`/api/admin/webhooks/${id}/deliveries`)).json()) as {
            deliveries: Array<{ status: string; responseCode: number | null; lastError: string | null }>;
          }
        ).deliveries;
        return row && row.status !== "pending" ? row : null;
      }, "the delivery's outcome");
      expect(delivered).toMatchObject({ status: "delivered", responseCode: 200, lastError: null });
      await waitFor(() => endless.closed() || null, "the receiver's socket closed by the sender");
    } finally {
      await endless.close();
    }
  });
});
