import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestServer } from "./test-server";

/** Makes one migrated PGlite folder for the run; each test server starts from a copy of it. */
export default async function setup() {
  if (process.env.TEST_DB === "postgres") return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-template-"));
  const server = await startTestServer({ dataDir: dir, env: { SEED_DEMO: "false" } });
  const code = await server.stop();
  if (code !== 0) throw new Error(`template server did not stop cleanly (exit ${code}, signal ${server.child.signalCode}):\n${server.output()}`);
  fs.rmSync(path.join(dir, "clink.lock"), { force: true });
  process.env.CLINK_PGLITE_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
