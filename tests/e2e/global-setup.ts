import { randomBytes } from "node:crypto";
import { makePgliteTemplate, sweepRun } from "../support/global-setup";
import { startTestServer } from "../support/test-server";

/**
 * One server for the whole browser suite (tests read its address from E2E_BASE_URL), and the run's migrated
 * PGlite template, which it and every spec's own server start from a copy of (the workers inherit
 * CLINK_PGLITE_TEMPLATE): 20 specs' servers migrated from nothing took 63 s each on a loaded machine.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // testing a server someone else started
  // Named, so the teardown removes exactly this run's servers and folders, pass or fail.
  const run = randomBytes(4).toString("hex");
  process.env.CLINK_TEST_RUN = run;
  await makePgliteTemplate(run);
  const server = await startTestServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    sweepRun(run);
  };
}
