import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A cached page is the same for everyone but for its CSP nonce, which must differ on every
 * response. Compressing the whole page per request costs more than rendering it from cache, so
 * the page is compressed once, in pieces split at the nonce: each piece is raw deflate ending in
 * a sync flush (byte-aligned, not final), and per request the nonce goes between them as a
 * "stored" block (RFC 1951 §3.2.4). The gzip wrapper needs the CRC-32 of the whole body, which is
 * cheap next to compressing it.
 */
export type SplicedGzip = { pieces: Buffer[]; texts: Buffer[] };

export function prepareSplicedGzip(body: string, nonce: string): SplicedGzip {
  const texts = body.split(nonce).map((part) => Buffer.from(part, "utf8"));
  const pieces = texts.map((text) => deflateRawSync(text, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }));
  return { pieces, texts };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// An empty final block with fixed Huffman codes: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00; // BFINAL=0, BTYPE=00 (stored); we are byte-aligned after a sync flush
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

export function splicedGzip(prepared: SplicedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const nonceBlock = storedBlock(nonceBytes);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  prepared.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(nonceBlock);
      crc = crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    parts.push(piece);
    crc = crc32(prepared.texts[i]!, crc);
    size += prepared.texts[i]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
