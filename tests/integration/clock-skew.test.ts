import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, postInput, publicApi, type Api } from "../support/api";
import { waitFor } from "../support/eventually";
import { queryTestDatabase, startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Clocks (issue 30): instances share one database but not one clock. An instance whose clock runs ahead
 * must not widen the sign-in limit or announce a scheduled post before it is live; it warns at start and
 * on the System tab. PostgreSQL only: PGlite runs inside the server, on the server's own clock.
 */
// Ahead by more than the sign-in window (15 minutes), so a window opened on the other instance is already
// over by this one's clock: the skew widens the limit at once, without waiting.
const AHEAD = "+20m";
const ENV = { SEED_DEMO: "false", INDEXNOW_ENDPOINT: "http://127.0.0.1:9/indexnow" };

let right: TestServer;
let ahead: TestServer;

beforeAll(async () => {
  if (!usingPostgres()) return;
  right = await startTestServer({ env: ENV });
  ahead = await startTestServer({ env: ENV, databaseUrl: right.databaseUrl, faketime: AHEAD });
}, 180_000);
afterAll(async () => {
  await ahead?.stop();
  await right?.stop();
});

type Overview = { clock: { skewMs: number; warning: string | null } };
const clockOf = async (admin: Api) => ((await (await admin.get("/api/admin/system")).json()) as Overview).clock;

describe.runIf(usingPostgres())("an instance whose clock runs ahead of the database's", { timeout: 120_000 }, () => {
  it("logs a warning at start and shows it on the System tab", async () => {
    expect(ahead.output()).toMatch(/"skewMs":1[12]\d{5}[^\n]*clock is \d+ s ahead of the database's/);
    const clock = await clockOf(await adminApi(ahead));
    expect(clock.skewMs).toBeGreaterThan(19 * 60_000);
    expect(clock.warning).toMatch(/ahead of the database's/);
    expect((await clockOf(await adminApi(right))).warning).toBeNull();
    expect(right.output()).not.toMatch(/ahead of the database's/);
  });

  it("cannot widen the sign-in limit: 5 wrong passwords on one instance, and the 6th is refused on it too", async () => {
    const email = "someone@test.clink.app";
    const wrong = { email, password: "not the password at all" };
    for (let i = 0; i < 5; i++) expect((await publicApi(right).call("POST", "/api/admin/login", wrong)).status).toBe(401);
    expect((await publicApi(right).call("POST", "/api/admin/login", wrong)).status).toBe(429);
    const there = await publicApi(ahead).call("POST", "/api/admin/login", wrong);
    expect(there.status).toBe(429);
    // Told to wait what is left of the window by the database's clock (under 15 minutes), not 35.
    expect(Number(there.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // The right password still signs in elsewhere (the limit is per e-mail address).
    expect((await publicApi(ahead).call("POST", "/api/admin/login", TEST_ADMIN)).status).toBe(200);
  });

  it("does not announce a post scheduled a few minutes ahead until it goes live", async () => {
    const publishAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const res = await (
      await adminApi(ahead)
    ).call("POST", "/api/blog", postInput({ title: "Scheduled on a fast clock", createdAt: publishAt }));
    expect(res.status).toBe(201);
    const { slug } = (await res.json()).post as { slug: string };
    expect((await publicApi(right).get(`/blog/${slug}`)).status).toBe(404);
    // A post saved live is announced at once: wait for that one, then look for the scheduled one.
    const live = await (await adminApi(ahead)).call("POST", "/api/blog", postInput({ title: "Live on a fast clock" }));
    const liveSlug = ((await live.json()).post as { slug: string }).slug;
    const announced = async () =>
      (
        await queryTestDatabase<{ slug: string }>(
          right.databaseUrl!,
          "select payload->>'slug' as slug from jobs where type = 'blog.post-changed'",
        )
      ).map((r) => r.slug);
    await waitFor(async () => (await announced()).includes(liveSlug) || undefined, "the live post's announcement");
    expect(await announced()).not.toContain(slug);
  });
});
