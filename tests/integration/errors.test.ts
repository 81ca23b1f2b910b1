import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, publicApi, type Api } from "../support/api";
import { readRows, seedAndRestart } from "../support/database-rows";
import { eventually } from "../support/eventually";
import { outboxMessages } from "../support/outbox-folder";
import { inviteStaff } from "../support/staff";
import { startTestServer, TEST_ADMIN, type TestServer } from "../support/test-server";

/**
 * Issue 53 at the HTTP boundary: a server fault (the errors.list fault point, which only tests turn on) is
 * grouped into one issue, counted, its stack mapped to app/ sources through the hidden source maps, the
 * owner alerted once; resolve, reopen in another release; roles; source maps never served.
 */
const env = { SEED_DEMO: "false", CLINK_FAULT_INJECTION: "on", CLINK_RELEASE: "release-one" };
let server: TestServer;
let admin: Api;
const restarted: TestServer[] = [];
beforeAll(async () => {
  server = await startTestServer({ env });
  admin = await adminApi(server);
});
const running = (s: TestServer) => s.child.exitCode === null && s.child.signalCode === null;
afterAll(async () => {
  for (const s of [...restarted, server]) if (s && running(s)) await s.stop();
});

type Item = {
  id: number;
  message: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  release: string;
  kind: string;
  sampleStack: string;
  resolved: boolean;
  pages: Record<string, number>;
};
const items = async (api = admin): Promise<Item[]> => ((await (await api.get("/api/admin/errors")).json()) as { items: Item[] }).items;
const fault = (api: Api, id: string) => api.get("/api/admin/errors", { "x-clink-faults": "errors.list", "x-request-id": id });
const alerts = () => outboxMessages(server.dataDir).filter((m) => m.to.includes(TEST_ADMIN.email) && /a new server error/.test(m.subject));

describe("server errors", () => {
  it("are grouped by fingerprint, counted, mapped to our sources, and alerted once", async () => {
    const first = await fault(admin, "err-test-request-1");
    expect(first.status).toBe(500);
    expect(first.headers.get("x-request-id")).toBe("err-test-request-1");
    expect(await first.json()).toEqual({ success: false, message: "Something went wrong on our side. Please try again." });
    for (const n of [2, 3]) expect((await fault(admin, `err-test-request-${n}`)).status).toBe(500);

    let issue: Item | undefined;
    await eventually(async () => {
      issue = (await items()).find((i) => i.message === "injected fault at errors.list");
      return issue?.count === 3;
    });
    expect((await items()).filter((i) => i.message === "injected fault at errors.list")).toHaveLength(1);
    expect(issue).toMatchObject({ kind: "server", release: "release-one", resolved: false, pages: { "/api/admin/errors": 3 } });
    expect(issue!.firstSeen <= issue!.lastSeen).toBe(true);
    // The top frame names the source file and line, not the bundle (build/server/index.js).
    expect(issue!.sampleStack).toMatch(/app\/errors\/issues\.server\.ts:\d+:\d+/);
    expect(issue!.sampleStack.split("\n")[0]).toBe("InjectedFault: injected fault at errors.list");

    // The overview counts it among the new errors of the last day.
    const overview = await (await admin.get("/admin")).text();
    expect(overview).toMatch(/data-testid="overview-new-errors"[^>]*>1</);

    await eventually(async () => alerts().length === 1);
    expect(alerts()[0]!.text).toContain("injected fault at errors.list");
    // More of the same: counted, not alerted again.
    expect((await fault(admin, "err-test-request-4")).status).toBe(500);
    await eventually(async () => (await items()).find((i) => i.id === issue!.id)?.count === 4);
    expect(alerts()).toHaveLength(1);
  });

  it("are read and resolved by owners and administrators only; editors and authors get 403", async () => {
    const editor = await inviteStaff(server, admin, "err-editor@test.clink.app", "editor");
    const author = await inviteStaff(server, admin, "err-author@test.clink.app", "author");
    const [issue] = await items();
    for (const api of [editor, author]) {
      expect((await api.get("/api/admin/errors")).status).toBe(403);
      expect((await api.call("PATCH", `/api/admin/errors/${issue!.id}`, { resolved: true })).status).toBe(403);
    }
    expect((await publicApi(server).get("/api/admin/errors")).status).toBe(401);
    const bad = await admin.call("PATCH", `/api/admin/errors/${issue!.id}`, { resolved: "yes" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/resolved/);
    expect((await admin.call("PATCH", "/api/admin/errors/999999", { resolved: true })).status).toBe(404);
    expect((await admin.call("PATCH", `/api/admin/errors/${issue!.id}`, { resolved: true })).status).toBe(200);
    expect((await items()).find((i) => i.id === issue!.id)?.resolved).toBe(true);
  });

  it("stay resolved in the same release and reopen when they come back in a newer one", async () => {
    const id = (await items()).find((i) => i.message === "injected fault at errors.list")!.id;
    expect((await fault(admin, "err-test-request-5")).status).toBe(500);
    await eventually(async () => (await items()).find((i) => i.id === id)?.count === 5);
    expect((await items()).find((i) => i.id === id)?.resolved).toBe(true);

    expect(await server.stop()).toBe(0);
    const next = await startTestServer({
      dataDir: server.dataDir,
      env: { ...env, CLINK_RELEASE: "release-two" },
      ...(server.databaseUrl ? { databaseUrl: server.databaseUrl } : {}),
    });
    restarted.push(next);
    const api = publicApi(next, admin.cookie);
    expect((await fault(api, "err-test-request-6")).status).toBe(500);
    await eventually(async () => (await items(api)).find((i) => i.id === id)?.count === 6);
    expect((await items(api)).find((i) => i.id === id)).toMatchObject({ resolved: false, release: "release-two" });

    // The request ids of the log lines are kept with the events.
    expect(await next.stop()).toBe(0);
    const rows = await readRows(next, { ids: "select request_id from error_events order by id" });
    expect((rows.ids as Array<{ request_id: string }>).map((r) => r.request_id)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `err-test-request-${n}`),
    );
  });
});

describe("a plain listener's fault (before Express)", () => {
  it("is grouped too", async () => {
    const site = await startTestServer({ env });
    restarted.push(site);
    const api = await adminApi(site);
    const res = await fetch(`${site.url}/api/vitals`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-clink-faults": "listener.beacons", "x-request-id": "err-listener-1" },
      body: "{}",
    });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("err-listener-1");
    await eventually(async () =>
      (await items(api)).some((i) => i.message === "injected fault at listener.beacons" && i.kind === "server" && i.count === 1),
    );
  });
});

describe("a job that gives up", () => {
  it("is grouped as a server error under its job's type, and alerted", async () => {
    // A payload its handler cannot use (the backfill's cursor must be a post id): the query fails, the only attempt with it.
    const first = await startTestServer({ env });
    const site = await seedAndRestart(
      first,
      `insert into jobs (type, payload, max_attempts) values ('blog.post-html', '{"after": "not-a-post-id"}', 1);`,
      { env },
    );
    restarted.push(site);
    const api = await adminApi(site);
    let issue: Item | undefined;
    await eventually(async () => {
      issue = (await items(api)).find((i) => i.pages["job blog.post-html"] === 1);
      return issue !== undefined;
    });
    expect(issue).toMatchObject({ kind: "server", release: "release-one", count: 1 });
    await eventually(async () =>
      outboxMessages(site.dataDir).some((m) => m.to.includes(TEST_ADMIN.email) && /a new server error/.test(m.subject)),
    );
  });
});

describe("source maps", () => {
  it("are built for the client and never served", async () => {
    const site = await startTestServer({ env: { SEED_DEMO: "false" } });
    restarted.push(site);
    const assets = path.join(process.cwd(), "build/client/assets");
    const map = fs.readdirSync(assets).find((f) => f.endsWith(".js.map"));
    expect(map, "a hidden source map beside the client's files").toBeTruthy();
    expect(fs.readFileSync(path.join(assets, map!.replace(/\.map$/, "")), "utf8")).not.toContain("sourceMappingURL");
    for (const address of [`/assets/${map}`, `/assets/${map}?x=1`, "/favicon.ico.map", `/assets/${map!.toUpperCase()}`]) {
      expect((await fetch(`${site.url}${address}`)).status, address).toBe(404);
    }
    expect((await fetch(`${site.url}/assets/${map!.replace(/\.map$/, "")}`)).status).toBe(200);
  });
});
