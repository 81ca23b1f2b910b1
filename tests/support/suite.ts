import { afterAll, beforeAll } from "vitest";
import { adminApi, type Api } from "./api";
import { startTestServer, type StartOptions, type TestServer } from "./test-server";

export type SuiteSite = { server: TestServer; admin: Api; cookie: string };

/**
 * One site for a test file: started before its tests (signed in as the admin) and stopped after them.
 * `ready` hands the server, the admin's API client and session cookie to the file's own variables.
 */
export function siteForSuite(options: StartOptions, ready: (site: SuiteSite) => void): void {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
    const admin = await adminApi(started);
    ready({ server: started, admin, cookie: admin.cookie! });
  });
  afterAll(async () => {
    await started?.stop();
  });
}
