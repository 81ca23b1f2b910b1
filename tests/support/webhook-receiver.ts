import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * A local endpoint that receives webhooks for tests: it keeps every request, answers each path the status
 * codes it is given (in order, the last one repeating; 200 when unset), and reads the messages back verified
 * with the Standard Webhooks reference library (a bad signature throws).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- message bodies are checked field by field
export type Loose = Record<string, any>;
/** `at`: when the request reached the receiver (Date.now()), so a test times the sender's waits exactly, not its own polls. */
type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
type VerifiedMessage = { id: string; payload: { type: string; timestamp: string; data: Loose } };

export type WebhookReceiver = {
  /** "http://127.0.0.1:PORT" */
  url: string;
  port: number;
  received: Received[];
  answers: Map<string, number[]>;
  verified: (path: string, secret: string) => VerifiedMessage[];
  close: () => Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at });
      const queue = answers.get(path) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      response.writeHead(status).end(status === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answers,
    verified: (path, secret) => {
      const hook = new Webhook(secret);
      return received
        .filter((message) => message.path === path)
        .map((message) => ({
          id: String(message.headers["webhook-id"]),
          payload: hook.verify(message.body, message.headers as Record<string, string>) as VerifiedMessage["payload"],
        }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
