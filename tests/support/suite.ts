import { afterAll, beforeAll } from "vitest";
import { adminApi, type Api } from "./api";
import { seedAndRestart } from "./database-rows";
import { startTestServer, type StartOptions, type TestServer } from "./test-server";
import { callingTestFile } from "./test-timings";

export type SuiteSite = { server: TestServer; admin: Api; cookie: string };

/**
 * One site for a test file: started before its tests (signed in as the admin) and stopped after them.
 * `ready` hands the server, the admin's API client and session cookie to the file's own variables. With
 * `seed`, the SQL is run on the site's database and the site started again (its start-up jobs see the rows).
 */
export function siteForSuite({ seed, ...options }: StartOptions & { seed?: string }, ready: (site: SuiteSite) => void): void {
  let started: TestServer | undefined;
  // Read here, where the file's own code calls: a hook's stack no longer reaches the file.
  const testFile = callingTestFile();
  beforeAll(async () => {
    started = await startTestServer({ ...options, testFile });
    if (seed !== undefined) started = await seedAndRestart(started, seed, { ...options, testFile });
    const admin = await adminApi(started);
    ready({ server: started, admin, cookie: admin.cookie! });
  });
  afterAll(async () => {
    await started?.stop();
  });
}
