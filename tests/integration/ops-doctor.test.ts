import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runOps } from "../support/ops";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { createTestDatabase, usingPostgres } from "../support/test-server";

const folders: string[] = [];
let smtp: TestSmtp | undefined;
afterAll(async () => {
  await smtp?.close();
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

async function target() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-doctor-"));
  folders.push(dir);
  return { dataDir: path.join(dir, "data"), databaseUrl: usingPostgres() ? await createTestDatabase() : undefined };
}

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe("npm run doctor", { timeout: 120_000 }, () => {
  it("passes a sound set-up after a real SMTP handshake", async () => {
    smtp = await startTestSmtp();
    const result = await runOps(["doctor"], {
      ...(await target()),
      env: { SITE_URL: "https://clink.example", SMTP_URL: smtp.url, NODE_ENV: "production" },
    });
    expect(result.output).toContain("✓ mail: the SMTP server accepted a handshake");
    expect(result.output).toMatch(/✓ clock: \d+ ms/);
    expect(result.output).toMatch(/✓ disk \(data\): \d+% used/);
    expect(result.output).toContain("All checks passed.");
    expect(result.code).toBe(0);
    // What the database keeps through a fault is said as it is (decision record 0102).
    if (usingPostgres()) expect(result.output).toContain("✓ database: PostgreSQL answers");
    else expect(result.output).toContain("an answered write survives a process crash, not a power loss (set DATABASE_URL for PostgreSQL)");
  });

  it("says what to fix and exits non-zero when mail cannot be delivered or the configuration is bad", async () => {
    const port = await closedPort();
    const result = await runOps(["doctor"], {
      ...(await target()),
      env: { SITE_URL: "https://clink.example", SMTP_URL: `smtp://127.0.0.1:${port}`, NODE_ENV: "production" },
    });
    expect(result.output).toContain("✗ mail: SMTP handshake failed");
    expect(result.output).toContain("fix: check SMTP_URL");
    expect(result.code).not.toBe(0);
    const bad = await runOps(["doctor"], { ...(await target()), env: { SITE_URL: "", SMTP_URL: smtp!.url, NODE_ENV: "production" } });
    expect(bad.output).toContain("The configuration is not valid: SITE_URL must be set in production");
    expect(bad.code).not.toBe(0);
  });
});
