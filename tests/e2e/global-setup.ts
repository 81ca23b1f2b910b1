import fs from "node:fs";
import { startTestServer } from "../support/test-server";

/** One server for the whole browser suite; tests read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // testing a server someone else started
  const server = await startTestServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
