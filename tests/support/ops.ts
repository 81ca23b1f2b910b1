import { spawn } from "node:child_process";
import { keepLogs } from "./test-logs";
import { ROOT, type TestServer } from "./test-server";

/** Runs `node scripts/ops.mjs ...` (what npm run backup|restore|doctor run) against a test site's data. */
export function runOps(
  args: string[],
  target: { dataDir: string; databaseUrl?: string; port?: number; env?: Record<string, string> },
): Promise<{ code: number | null; output: string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: target.dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...target.env,
  };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  if (target.port) env.PORT = String(target.port);
  const child = spawn(process.execPath, ["scripts/ops.mjs", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  keepLogs(`ops-${args[0]}`, child.pid, child.stdout, child.stderr);
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

export const opsTarget = (server: TestServer, env: Record<string, string> = {}) => ({
  dataDir: server.dataDir,
  databaseUrl: server.databaseUrl,
  port: server.port,
  env,
});
