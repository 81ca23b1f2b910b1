import { promisify } from "node:util";
import { brotliCompress, constants, gunzip, gzip } from "node:zlib";
import { preferredEncoding } from "./content-encoding";
import { VersionedCache } from "./versioned-cache";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Bodies that are the same for many requests while their content's version holds (the blog's JSON
 * list, the sitemaps, the llms files), made once per version and kept only compressed: a
 * 10,000-post llms-full.txt is 7.6 MB of text, which held as a string for good would be most of an
 * idle server's budget. Gzip is made on the thread pool before the first answer; brotli after it,
 * and served once ready: at its best setting for bodies up to 1 MB (about 60% smaller than gzip, at
 * ~0.4 s per MB), at a middle one past that (the best took seconds and over 100 MB of memory for a
 * 7.6 MB file). The rare client that takes neither gets the gzip inflated. The compression
 * middleware leaves an encoded body alone.
 */
type Encoded = { gzip: Buffer; br?: Buffer };

const encodedBodies = new VersionedCache<Encoded>({
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (encoded) => encoded.gzip.length + (encoded.br?.length ?? encoded.gzip.length),
});

export type SharedBody = {
  /** What the body is (one entry per key: a new version replaces the old). */
  key: string;
  version: string;
  contentType: string;
  /** Called only when this key and version are not kept. */
  make: () => string | Promise<string>;
};

async function encode(key: string, text: string): Promise<Encoded> {
  const bytes = Buffer.from(text, "utf8");
  const made: Encoded = { gzip: await gzipAsync(bytes, { level: 6 }) };
  const quality = bytes.length <= 1024 * 1024 ? 11 : 5;
  brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }, (error, br) => {
    if (error) return;
    made.br = br;
    encodedBodies.resize(key);
  });
  return made;
}

/** The body for this request: 304 to a matching If-None-Match, else brotli, gzip or plain as the client takes it. */
export async function sharedBodyResponse(request: Request, body: SharedBody, headers: Record<string, string> = {}): Promise<Response> {
  const etag = `W/"${body.key}-${Buffer.from(body.version).toString("base64url")}"`;
  const base: Record<string, string> = { "Content-Type": body.contentType, ETag: etag, Vary: "Accept-Encoding", ...headers };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: base });
  const encoded = await encodedBodies.getOrMake(body.key, body.version, async () => encode(body.key, await body.make()));
  const encoding = preferredEncoding(request.headers.get("accept-encoding"), encoded.br ? ["br", "gzip", "identity"] : ["gzip", "identity"]);
  if (encoding === "identity") return new Response(new Uint8Array(await gunzipAsync(encoded.gzip)), { headers: base });
  const bytes = encoding === "br" ? encoded.br! : encoded.gzip;
  return new Response(new Uint8Array(bytes), { headers: { ...base, "Content-Encoding": encoding } });
}
