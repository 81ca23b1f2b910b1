import { describe, expect, it } from "vitest";
import { adminApi, postInput } from "../support/api";
import { eventually } from "../support/eventually";
import { queryTestDatabase, startTestServer, usingPostgres } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

/**
 * Faults said truthfully (issue 39, decision record 0046): a write during a database outage answers 503
 * with Retry-After, as /healthz says, and is taken again once the database is back; a secret parameter is
 * hidden from the log by its decoded name. (A full disk's refusals and a first start without room:
 * disk-full.test.ts, which has the small disk.)
 */
const track = serversStoppedAfterEach();

describe.runIf(usingPostgres())("a database outage", () => {
  it("answers writes 503 with Retry-After while /healthz says 503, and takes them again after", async () => {
    const server = track(await startTestServer({ env: { SEED_DEMO: "false" } }));
    const admin = await adminApi(server);
    const name = new URL(server.databaseUrl!).pathname.slice(1);
    const postgres = process.env.TEST_DATABASE_URL!;
    // This database alone goes away: no new connection, and the server's own ended (PostgreSQL's other
    // databases, other tests', go on).
    await queryTestDatabase(postgres, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    try {
      await queryTestDatabase(postgres, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      await eventually(async () => (await fetch(`${server.url}/healthz`)).status === 503);
      const writes = [
        () => admin.call("POST", "/api/blog", postInput({ title: "During the outage" })),
        () =>
          fetch(`${server.url}/api/admin/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "a@b.test", password: "x".repeat(12) }),
          }),
      ];
      for (const write of writes) {
        const res = await write();
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("30");
        expect(((await res.json()) as { message: string }).message).toBe(
          "The site cannot reach its database right now, so nothing was saved. Please try again in a minute.",
        );
      }
    } finally {
      await queryTestDatabase(postgres, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await eventually(async () => (await admin.call("POST", "/api/blog", postInput({ title: "After the outage" }))).status === 201);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output()).toContain("the database is unavailable: answered 503");
    expect(server.output()).not.toMatch(/unhandled API error/);
  });
});

describe("the log", () => {
  it("hides a secret parameter whatever way its name is encoded", async () => {
    const server = track(await startTestServer({ env: { SEED_DEMO: "false" } }));
    for (const query of ["%6Bey=s3cret-one", "%256Bey=s3cret-two", "KEY=s3cret-three", "%74oken=s3cret-four"]) {
      await fetch(`${server.url}/api/admin/session?${query}`);
    }
    await eventually(async () => server.output().includes("%74oken=[redacted]"));
    expect(server.output()).not.toMatch(/s3cret/);
  });
});
