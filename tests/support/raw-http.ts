import http from "node:http";
import zlib from "node:zlib";

function decode(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
    if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
    if (encoding === "deflate") return zlib.inflateSync(body).toString("utf8");
  } catch {
    // not what it said it was: shown as is
  }
  return body.toString("utf8");
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/**
 * One request over node:http, for what fetch refuses to send (TRACE, a raw request target with
 * malformed percent-encoding, any header value) and to time an answer.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: {
          ...(options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        agent: false,
        insecureHTTPParser: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decode(Buffer.concat(chunks), res.headers["content-encoding"]),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`no answer to ${options.method ?? "GET"} ${options.path.slice(0, 100)} in time`)),
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
