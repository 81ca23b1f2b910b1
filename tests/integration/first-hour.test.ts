import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/eventually";
import { ROOT, usingPostgres } from "../support/test-server";

/**
 * A newcomer's first hour, as the README gives it: a fresh clone of this repository (its node_modules
 * linked, to stay fast), `npm start` there, then `npm run doctor`, `npm run backup` and, with the server
 * stopped, `npm run admin -- create-owner EMAIL`, with nothing in the environment but PATH, HOME and the
 * port (another site may hold 3000 on a test machine). Each must exit 0 with its readable line.
 * The clone holds what is committed: run it on a clean checkout (as CI does).
 */
let folder = "";
let clone = "";
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) await stop(server);
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const bareEnv = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? os.homedir(),
  ...extra,
});

function run(command: string, args: string[], cwd = clone): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd, env: bareEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ code: -1, output: `${output}${error.message}` }));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** npm start runs a shell and node under npm: its process group gets the Ctrl-C a person would press. */
function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid!, "SIGINT");
  return exited;
}

describe.skipIf(usingPostgres())("the first hour on a fresh clone", { timeout: 600_000 }, () => {
  it("npm start builds quietly and shows the setup link last; doctor, backup and admin work with no settings", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "clink-first-hour-"));
    clone = path.join(folder, "clink");
    // A checkout on a detached HEAD (a CI job on a commit) is cloned without git's advice on stderr.
    expect(await run("git", ["-c", "advice.detachedHead=false", "clone", "--quiet", ROOT, clone], folder)).toEqual({ code: 0, output: "" });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"), "dir");

    const port = await freePort();
    server = spawn("npm", ["start"], {
      cwd: clone,
      env: bareEnv({ PORT: String(port) }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    server.stdout!.on("data", (c) => (output += c));
    server.stderr!.on("data", (c) => (output += c));
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    const frame = await Promise.race([
      waitFor(
        () =>
          output.match(
            /\n\+-+\+\n\| No owner account exists yet\.[^\n]*\n\| +(http:\/\/localhost:\d+\/admin\/setup#token=\S+) +\|\n[^\n]*\n\+-+\+\n/,
          ),
        "the framed setup link",
        300_000,
      ),
      exited.then(() => Promise.reject(new Error(`npm start exited:\n${output}`))),
    ]);
    expect(frame[1]).toMatch(new RegExp(`^http://localhost:${port}/admin/setup#token=[\\w-]{43}$`));
    // The build is one line, not its ~230; the server's lines come before the frame, and nothing after it.
    expect(output).toMatch(/^No build yet: building the site\.\.\. done in \d+ s\.$/m);
    expect(output).not.toMatch(/vite|transforming|modules transformed/i);
    expect(output.indexOf('"msg":"server listening"')).toBeGreaterThan(-1);
    expect(output.indexOf('"msg":"server listening"')).toBeLessThan(output.indexOf("No owner account exists yet"));
    expect(output.trimEnd().endsWith("+")).toBe(true);

    // The commands find the server by its data folder: no PORT here.
    const doctor = await run("npm", ["run", "--silent", "doctor"]);
    expect(doctor.output).toMatch(/^✓ configuration: valid, read with the local defaults of npm start/m);
    expect(doctor.output).toMatch(new RegExp(`^✓ database: in use by the running server at http://127\\.0\\.0\\.1:${port} `, "m"));
    expect(doctor.output).toMatch(/^✓ mail: warning: kept as files in DATA_DIR\/outbox/m);
    expect(doctor.output).not.toMatch(/warning: Warning/i);
    expect(doctor.output).toMatch(/^All checks passed\.$/m);
    expect(doctor.code).toBe(0);

    const backup = await run("npm", ["run", "--silent", "backup"]);
    expect(backup.output).toMatch(
      new RegExp(
        `^Backup written: \\S+/backups/clink-backup-\\S+\\.jsonl\\.gz \\(\\d+ bytes, taken by the running server at http://127\\.0\\.0\\.1:${port}\\)$`,
        "m",
      ),
    );
    expect(backup.code).toBe(0);

    await stop(server);
    expect(fs.existsSync(path.join(clone, "data/server.json"))).toBe(false);
    // The daily backup's first run came at start and found nothing anyone made: it skipped.
    const db = await PGlite.create(path.join(clone, "data/pglite"));
    try {
      const scheduled = await db.query<{ state: string }>(
        "select state from jobs where type = 'ops.backup' and idempotency_key like 'schedule:%'",
      );
      expect(scheduled.rows.map((row) => row.state)).toEqual(["done"]);
      const backups = await db.query<{ trigger: string }>("select trigger from ops_backups order by id");
      expect(backups.rows.map((row) => row.trigger)).toEqual(["command"]);
    } finally {
      await db.close();
    }
    const admin = await run("npm", ["run", "--silent", "admin", "--", "create-owner", "owner@first-hour.test"]);
    expect(admin.output).toMatch(
      /^Open this link within 24 hours to create the owner account owner@first-hour\.test \(it works once\):\n {2}http:\/\/localhost:3000\/admin\/setup#token=[\w-]{43}$/m,
    );
    expect(admin.output).not.toMatch(/\n\s+at /);
    expect(admin.code).toBe(0);
  });
});
