import { randomBytes } from "node:crypto";
import { sweepRun } from "../support/global-setup";
import { startTestServer } from "../support/test-server";

/** One server for the whole browser suite; tests read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // testing a server someone else started
  // Named, so the teardown removes exactly this run's server and folder, pass or fail.
  const run = randomBytes(4).toString("hex");
  process.env.CLINK_TEST_RUN = run;
  const server = await startTestServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    sweepRun(run);
  };
}
