import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { beaconTooLarge, type BeaconAnswer, type BeaconRoute } from "~/core/http/beacon-route.server";
import { allowedOrigins, isCrossSite } from "~/core/http/cross-site";
import { DISK_FULL_MESSAGE, diskState, writeRefusedForDisk } from "~/core/instance/disk-space.server";
import { answeringFaults, clientIpOf, observeAnswer, protocolOf, requestIdOf, type TrustProxy } from "./plain-answers";

/**
 * The beacons (app/core/http/beacon-route.server.ts), answered by a plain request listener in front of the front
 * cache and Express: a page view's beacon costs what a cached page costs, not Express's dozen middlewares
 * and React Router's request (decision record 0045). The gates every write passes in Express are kept:
 * a cross-site write answers 403 and a full disk 507. Beacons are not in the access log (like assets and
 * /healthz: one line per page view would drown the rest); the request metrics still count them. A fault is
 * answered 500 by ./plain-answers.ts.
 */
export function beaconsFirst(
  routes: readonly BeaconRoute[],
  options: { siteUrl: string; trustProxy: TrustProxy },
  next: RequestListener,
): RequestListener {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  return answeringFaults("beacons", (req, res) => {
    const route = byPath.get(req.url ?? "");
    if (!route) return next(req, res);
    const started = performance.now();
    const header = (name: string): string | null => {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    };
    const clientIp = clientIpOf(req, options.trustProxy);
    const done = (answer: BeaconAnswer) => send(req, res, answer, clientIp, started);
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      const origins = allowedOrigins(options.siteUrl, `${protocolOf(req, options.trustProxy)}://${req.headers.host}`);
      if (isCrossSite({ secFetchSite: header("sec-fetch-site"), origin: header("origin") }, origins)) {
        return done({ status: 403, body: { success: false, message: "Cross-site requests are not allowed" } });
      }
      if (diskState().low) {
        writeRefusedForDisk(req.url ?? "");
        return done({ status: 507, body: { success: false, message: DISK_FULL_MESSAGE } });
      }
    }
    return route
      .answer({ method: req.method ?? "GET", header, clientIp, host: req.headers.host ?? "", body: (maxBytes) => readText(req, maxBytes) })
      .then(done);
  });
}

function readText(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    let size = 0;
    req.on("data", (piece: Buffer) => {
      size += piece.length;
      if (size > maxBytes) reject(beaconTooLarge());
      else pieces.push(piece);
    });
    req.once("end", () => resolve(Buffer.concat(pieces).toString("utf8")));
    req.once("error", reject);
  });
}

function send(req: IncomingMessage, res: ServerResponse, answer: BeaconAnswer, clientIp: string, started: number): void {
  if (res.headersSent) return void res.end();
  const body = JSON.stringify(answer.body);
  // A flat list of names and values: no header object to build and look through, for every beacon.
  const headers: Array<string | number> = [
    "Content-Type",
    "application/json; charset=utf-8",
    "Content-Length",
    Buffer.byteLength(body),
    "Cache-Control",
    "no-store",
    "X-Content-Type-Options",
    "nosniff",
    "Referrer-Policy",
    "strict-origin-when-cross-origin",
    "X-Request-Id",
    requestIdOf(req),
  ];
  if (answer.headers) for (const name in answer.headers) headers.push(name, answer.headers[name]!);
  res.writeHead(answer.status, headers as unknown as string[]);
  // A body still arriving (refused before it was read) is drained, so the connection can be kept.
  if (!req.readableEnded) req.resume();
  res.end(req.method === "HEAD" ? undefined : body);
  observeAnswer(req, { path: req.url ?? "", status: answer.status, ip: clientIp, started });
}
