import { afterEach } from "vitest";
import type { TestServer } from "./test-server";

/**
 * For a test file whose tests start their own servers: `track(server)` keeps one (and gives it back) to be
 * stopped after the test that started it, pass or fail; `kill` ends them with SIGKILL instead of SIGTERM.
 */
export function serversStoppedAfterEach(how: "stop" | "kill" = "stop"): (server: TestServer) => TestServer {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await (how === "kill" ? server.kill() : server.stop());
  });
  return (server) => (servers.push(server), server);
}
