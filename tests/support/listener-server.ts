import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/**
 * For unit tests of a bare Node request listener (the answers before Express): `serve(listener)` listens on a
 * free local port and gives its base URL; every server a test started is closed after it, pass or fail.
 */
export function listenersServedPerTest(): (listener: RequestListener) => Promise<string> {
  const servers: Server[] = [];
  afterEach(() =>
    Promise.all(
      servers.splice(0).map((server) => {
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeAllConnections(); // a request a test left waiting must not hold the next test up
        return closed;
      }),
    ),
  );
  return async (listener) => {
    const server = createServer(listener).listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
