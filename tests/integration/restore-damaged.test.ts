import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { adminApi, createPost } from "../support/api";
import { opsTarget, runOps } from "../support/ops";
import { makeTempDir, startTestServer } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

const track = serversStoppedAfterEach();

/**
 * A restore of a damaged archive printed 117 MB of SQL and never the database's error (issue 30). Run as an
 * operator runs it (`npm run restore -- FILE --force`, a child process) over a site's own database: it exits
 * non-zero with a short sentence naming the problem, and the site it was to replace keeps its posts.
 */
describe("a restore of a damaged archive", { timeout: 240_000 }, () => {
  it("says what is wrong in a few lines and leaves the existing database as it was", async () => {
    const backups = makeTempDir("restore-damaged");
    const server = track(await startTestServer({ env: { BACKUP_DIR: backups } }));
    const admin = await adminApi(server);
    const title = "Kept through a failed restore";
    await createPost(admin, { title });
    const backup = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: backups }));
    expect(backup.code, backup.output).toBe(0);
    const archive = backup.output.match(/Backup written: (\S+\.jsonl\.gz)/)![1]!;
    const postsBefore = await (await fetch(`${server.url}/api/blog`)).text();
    expect(postsBefore).toContain(title);
    await server.stop(); // the embedded database's folder is one process's at a time
    const bytes = fs.readFileSync(archive);

    // A valid archive whose rows the database refuses, one of them holding a megabyte (what printed the SQL).
    const lines = zlib.gunzipSync(bytes).toString().split("\n");
    const i = lines.findIndex((line) => line.includes(title));
    const row = JSON.parse(lines[i]!) as Record<string, unknown>;
    const time = Object.keys(row).find((key) => key.endsWith("_at") && typeof row[key] === "string")!;
    lines[i] = JSON.stringify({ ...row, [time]: "not a time", title: "x".repeat(1024 * 1024) });

    const middle = Buffer.from(bytes);
    for (let at = Math.floor(middle.length / 2); at < Math.floor(middle.length / 2) + 16; at++) middle[at] = middle[at]! ^ 0xff;

    const damaged = {
      "cut in half": bytes.subarray(0, Math.floor(bytes.length / 2)),
      "with bytes flipped in the middle of its compressed rows": middle,
      "with a row the database refuses": zlib.gzipSync(lines.join("\n")),
    };
    for (const [how, content] of Object.entries(damaged)) {
      const file = path.join(backups, `damaged-${how.replace(/\W+/g, "-")}.jsonl.gz`);
      fs.writeFileSync(file, content);
      const restored = await runOps(["restore", file, "--force"], { dataDir: server.dataDir, databaseUrl: server.databaseUrl });
      expect(restored.code, `${how}: ${restored.output.slice(0, 2000)}`).not.toBe(0);
      expect(restored.output.length, `${how}: ${restored.output.slice(0, 2000)}`).toBeLessThan(2048);
      expect(restored.output).not.toContain("xxxxxxxxxx");
      expect(restored.output).not.toMatch(/insert into \S+ \(.*\) select|json_populate_recordset|params:/);
      if (how === "with a row the database refuses") {
        // The database's own words and code, once.
        expect(restored.output).toMatch(/^Restore failed, nothing was restored: .+ \(22\w{3}\) in: insert into /m);
      } else {
        expect(restored.output).toMatch(
          /^Restore refused: .*(The archive is damaged: |The backup is damaged|Checksum mismatch|The backup ends early)/m,
        );
      }
    }

    // The site it was to replace still serves its posts.
    const again = track(await startTestServer({ dataDir: server.dataDir, databaseUrl: server.databaseUrl, env: { BACKUP_DIR: backups } }));
    expect(await (await fetch(`${again.url}/api/blog`)).text()).toBe(postsBefore);
    expect(await (await fetch(`${again.url}/blog`)).text()).toContain(title);
  });
});
