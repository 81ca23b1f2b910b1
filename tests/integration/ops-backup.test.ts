import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminApi, createPost, createSubmission, type Api } from "../support/api";
import { opsTarget, runOps } from "../support/ops";
import { createTestDatabase, makeTempDir, startTestServer, usingPostgres, type TestServer } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

const track = serversStoppedAfterEach();
const tempDir = () => makeTempDir("ops");
const sha = (bytes: ArrayBuffer | string) =>
  createHash("sha256")
    .update(typeof bytes === "string" ? bytes : Buffer.from(bytes))
    .digest("hex");

/** The archive a backup command wrote (its folder also holds the daily backup a fresh site takes at its first start). */
const writtenArchive = (output: string) => output.match(/Backup written: (\S+\.jsonl\.gz)/)![1]!;

/** What a visitor and the admin see of the content a backup must keep. */
async function contentOf(server: TestServer, admin: Api) {
  const posts = (await (await admin.get("/api/admin/posts?pageSize=100")).json()) as unknown;
  const images: Record<string, string> = {};
  for (const post of (await (await fetch(`${server.url}/api/blog`)).json()) as Array<{ slug: string; image: string | null }>) {
    if (post.image?.startsWith("/")) images[post.slug] = sha(await (await fetch(`${server.url}${post.image}`)).arrayBuffer());
  }
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const submissions = (await (await admin.get("/api/admin/contact-submissions.csv")).text()).trim().split("\n");
  return { posts, images, sitemap: sha(sitemap), submissions };
}

// Each test starts two sites and runs the commands (each loads the built server): minutes on a busy machine.
describe("backup and restore", { timeout: 240_000 }, () => {
  it("a backup taken during writes restores to a site serving the same posts, images, submissions and sitemap", async () => {
    const backups = tempDir();
    const server = track(await startTestServer({ env: { TRUST_PROXY: "loopback", BACKUP_DIR: backups } }));
    const admin = await adminApi(server);
    const image = (
      await sharp({ create: { width: 60, height: 40, channels: 3, background: "#e11d48" } })
        .png()
        .toBuffer()
    ).toString("base64");
    for (let i = 0; i < 3; i++) await createPost(admin, { imageData: image, imageMimeType: "image/png", imageAlt: "A red square" });
    // A live post's unsaved text is work a lost disk must not take (decision record 0042).
    const pendingPost = await createPost(admin, { title: "With unsaved text" });
    expect(
      (
        await admin.call("PUT", `/api/admin/posts/${pendingPost.id}/autosave`, {
          title: "With unsaved text",
          content: "Typed, not saved",
          version: 1,
        })
      ).status,
    ).toBe(200);
    const pendingOf = async (api: Api) => (await (await api.get(`/api/admin/posts/${pendingPost.id}/autosave`)).json()).pending;
    const pendingBefore = await pendingOf(admin);
    expect(pendingBefore).toMatchObject({ content: "Typed, not saved" });

    // Visitors keep writing while the backup runs.
    let writing = true;
    let sent = 0;
    const writer = (async () => {
      while (writing) {
        const res = await createSubmission(server, { message: `Message number ${sent}` }, `198.51.100.${sent % 250}`);
        if (res.status === 200 || res.status === 201) sent++;
      }
    })();
    await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThan(3);
    const backup = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: backups }));
    const sentBefore = sent;
    expect(backup.output).toMatch(/Backup written: .*clink-backup-.*\.jsonl\.gz/);
    expect(backup.code).toBe(0);
    await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThan(sentBefore + 2);
    writing = false;
    await writer;
    const original = await contentOf(server, admin);
    const archive = writtenArchive(backup.output);
    expect(path.dirname(archive)).toBe(backups);
    await server.stop();

    // Into an empty data folder (PGlite) or database (PostgreSQL) of the same kind.
    const target = { dataDir: path.join(tempDir(), "data"), databaseUrl: usingPostgres() ? await createTestDatabase() : undefined };
    const restored = await runOps(["restore", archive], target);
    expect(restored.output).toContain("checksums match");
    expect(restored.code).toBe(0);
    const again = await runOps(["restore", archive], target);
    expect(again.code).not.toBe(0);
    expect(again.output).toContain("The target is not empty");

    const copy = track(await startTestServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl }));
    const copyAdmin = await adminApi(copy);
    const copied = await contentOf(copy, copyAdmin);
    expect(copied.posts).toEqual(original.posts);
    expect(await pendingOf(copyAdmin)).toEqual(pendingBefore);
    expect(Object.keys(copied.images).length).toBeGreaterThanOrEqual(3); // the demo posts and the three made here
    expect(copied.images).toEqual(original.images);
    expect(copied.sitemap).toBe(original.sitemap);
    // The submissions of one consistent moment: the header and a prefix of the original's rows, in order, as they were.
    const rows = copied.submissions.slice(1);
    expect(copied.submissions[0]).toBe(original.submissions[0]);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(original.submissions.length - 1);
    for (const row of rows) expect(original.submissions).toContain(row);
  });

  it.skipIf(usingPostgres() || !process.env.TEST_DATABASE_URL)("a PGlite backup restores into PostgreSQL with one command", async () => {
    const backups = tempDir();
    const server = track(await startTestServer({ env: { BACKUP_DIR: backups } }));
    const admin = await adminApi(server);
    const post = await createPost(admin, { title: "Moving to PostgreSQL" });
    await createSubmission(server, { message: "Kept across databases" });
    const backup = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: backups }));
    expect(backup.code).toBe(0);
    const original = await contentOf(server, admin);
    await server.stop();

    const databaseUrl = await createTestDatabase();
    const archive = writtenArchive(backup.output);
    const restored = await runOps(["restore", archive, "--database-url", databaseUrl], { dataDir: tempDir() });
    expect(restored.output).toContain("on pglite");
    expect(restored.code).toBe(0);
    const moved = track(await startTestServer({ databaseUrl }));
    const copied = await contentOf(moved, await adminApi(moved));
    expect(copied.posts).toEqual(original.posts);
    expect(copied.sitemap).toBe(original.sitemap);
    expect(copied.submissions).toEqual(original.submissions);
    expect(await (await fetch(`${moved.url}/blog/${post.slug}`)).text()).toContain("Moving to PostgreSQL");
  });

  it("refuses a damaged archive and leaves the target empty", async () => {
    const backups = tempDir();
    const server = track(await startTestServer({ env: { BACKUP_DIR: backups } }));
    const backup = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: backups }));
    expect(backup.code).toBe(0);
    await server.stop();
    const archive = writtenArchive(backup.output);
    const zlib = await import("node:zlib");
    const text = zlib.gunzipSync(fs.readFileSync(archive)).toString().replace("admin@test.clink.app", "admim@test.clink.app");
    const damaged = path.join(backups, "damaged.jsonl.gz");
    fs.writeFileSync(damaged, zlib.gzipSync(text));
    const target = { dataDir: path.join(tempDir(), "data"), databaseUrl: usingPostgres() ? await createTestDatabase() : undefined };
    const restored = await runOps(["restore", damaged], target);
    expect(restored.code).not.toBe(0);
    expect(restored.output).toMatch(/Checksum mismatch in table \w+/);
    // Nothing half-restored: a clean restore of the good archive is accepted without --force.
    expect((await runOps(["restore", archive], target)).code).toBe(0);
  });
});
