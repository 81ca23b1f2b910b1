import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, createGunzip, createGzip, gunzip, gzip } from "node:zlib";
import { logger } from "../logs/logger.server";
import { preferredEncoding } from "../http/content-encoding";
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
 *
 * A body too large to hold whole (the Content API's limit=all over thousands of posts) comes as
 * `pieces` instead: each piece is made when the client is ready for it (the response's backpressure
 * reaches the maker), compressed as it goes and sent at once, so the server holds a few pieces and
 * the compressed bytes, never the whole text. Its gzip is kept when it fits a quarter of the cache;
 * it gets no brotli (that would need the whole text again).
 */
type Encoded = { gzip: Buffer; br?: Buffer };

const CACHE_BYTES = 32 * 1024 * 1024;
const encodedBodies = new VersionedCache<Encoded>({
  maxBytes: CACHE_BYTES,
  sizeOf: (encoded) => encoded.gzip.length + (encoded.br?.length ?? encoded.gzip.length),
});

export type SharedBody = {
  /** What the body is (one entry per key: a new version replaces the old). */
  key: string;
  version: string;
  contentType: string;
} & (
  | {
      /** Called only when this key and version are not kept. */
      make: () => string | Promise<string>;
    }
  | {
      /** The body's text in order, made as it is sent; called only when this key and version are not kept. */
      pieces: () => AsyncIterable<string>;
    }
);

/** The largest streamed body kept (gzipped): a quarter of the cache. */
const MAX_KEPT_STREAM = CACHE_BYTES / 4;

async function encode(key: string, text: string): Promise<Encoded> {
  const bytes = Buffer.from(text, "utf8");
  const made: Encoded = { gzip: await gzipAsync(bytes, { level: 6 }) };
  const quality = bytes.length <= 1024 * 1024 ? 11 : 5;
  brotliCompress(
    bytes,
    { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } },
    (error, br) => {
      if (error) return;
      made.br = br;
      encodedBodies.resize(key);
    },
  );
  return made;
}

/** The body for this request: 304 to a matching If-None-Match, else brotli, gzip or plain as the client takes it. */
export async function sharedBodyResponse(request: Request, body: SharedBody, headers: Record<string, string> = {}): Promise<Response> {
  const etag = `W/"${body.key}-${Buffer.from(body.version).toString("base64url")}"`;
  const base: Record<string, string> = { "Content-Type": body.contentType, ETag: etag, Vary: "Accept-Encoding", ...headers };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: base });
  if ("pieces" in body) {
    const kept = encodedBodies.get(body.key, body.version);
    if (!kept) return streamedResponse(request, body.key, body.version, body.pieces(), base);
    return encodedResponse(request, kept, base);
  }
  const make = body.make;
  return encodedResponse(request, await encodedBodies.getOrMake(body.key, body.version, async () => encode(body.key, await make())), base);
}

async function encodedResponse(request: Request, encoded: Encoded, base: Record<string, string>): Promise<Response> {
  const encoding = preferredEncoding(
    request.headers.get("accept-encoding"),
    encoded.br ? ["br", "gzip", "identity"] : ["gzip", "identity"],
  );
  if (encoding === "identity") {
    // A large body is inflated as it is sent, not held whole.
    if (encoded.gzip.length > 1024 * 1024)
      return new Response(Readable.toWeb(Readable.from([encoded.gzip]).pipe(createGunzip())) as ReadableStream<Uint8Array>, {
        headers: base,
      });
    return new Response(new Uint8Array(await gunzipAsync(encoded.gzip)), { headers: base });
  }
  const bytes = encoding === "br" ? encoded.br! : encoded.gzip;
  return new Response(new Uint8Array(bytes), { headers: { ...base, "Content-Encoding": encoding } });
}

/**
 * A body sent as it is made. Its first piece is made before the status is chosen, so a fault there
 * is an error answer, not a cut-off 200; a fault later cuts the connection (and is logged).
 */
async function streamedResponse(
  request: Request,
  key: string,
  version: string,
  pieces: AsyncIterable<string>,
  base: Record<string, string>,
): Promise<Response> {
  const iterator = pieces[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* text() {
    try {
      for (let next = first; !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // Ends the maker too when the client leaves early.
      await iterator.return?.();
    }
  }
  const source = Readable.from(text(), { objectMode: false });
  const fail = (error: unknown) => {
    // A client that leaves early is no fault.
    const code = (error as { code?: string }).code;
    if (code !== "ERR_STREAM_PREMATURE_CLOSE" && code !== "ABORT_ERR")
      logger.error({ err: error, key }, "a streamed body failed while it was sent");
  };
  if (preferredEncoding(request.headers.get("accept-encoding"), ["gzip", "identity"]) === "identity") {
    source.on("error", fail);
    return new Response(Readable.toWeb(source) as ReadableStream<Uint8Array>, { headers: base });
  }
  // The gzip passes through `keep` on its way out, which keeps a copy while it is small enough.
  let keptChunks: Buffer[] | null = [];
  let keptBytes = 0;
  const keep = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (keptChunks) {
        keptChunks.push(chunk);
        keptBytes += chunk.length;
        if (keptBytes > MAX_KEPT_STREAM) keptChunks = null;
      }
      done(null, chunk);
    },
    flush(done) {
      if (keptChunks) encodedBodies.set(key, version, { gzip: Buffer.concat(keptChunks) });
      done();
    },
  });
  pipeline(source, createGzip({ level: 6 }), keep).catch(fail);
  return new Response(Readable.toWeb(keep) as ReadableStream<Uint8Array>, { headers: { ...base, "Content-Encoding": "gzip" } });
}
