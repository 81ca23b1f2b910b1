import { afterAll, beforeAll } from "vitest";
import { adminApi, type Api } from "./api";
import { seedAndRestart } from "./database-rows";
import { startTestServer, type StartOptions, type TestServer } from "./test-server";

export type SuiteSite = { server: TestServer; admin: Api; cookie: string };

/**
 * One site for a test file: started before its tests (signed in as the admin) and stopped after them.
 * `ready` hands the server, the admin's API client and session cookie to the file's own variables. With
 * `seed`, the SQL is run on the site's database and the site started again (its start-up jobs see the rows).
 */
export function siteForSuite({ seed, ...options }: StartOptions & { seed?: string }, ready: (site: SuiteSite) => void): void {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
    if (seed !== undefined) started = await seedAndRestart(started, seed, options);
    const admin = await adminApi(started);
    ready({ server: started, admin, cookie: admin.cookie! });
  });
  afterAll(async () => {
    await started?.stop();
  });
}
