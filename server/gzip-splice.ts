import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A cached page is the same for everyone but for its CSP nonce, which must differ on every
 * response. Compressing the whole page per request costs more than rendering it from cache, so
 * the page is compressed once, in pieces split at the nonce: each piece is raw deflate ending in
 * a sync flush (byte-aligned, not final), and per request the nonce goes between them as a
 * "stored" block (RFC 1951 §3.2.4). The gzip trailer needs the CRC-32 of the whole body; each
 * piece's CRC is computed once and combined with the nonce's (as zlib's crc32_combine does), so
 * a response never reads the page's bytes again.
 */
export type SplicedGzip = {
  pieces: Buffer[];
  crcs: number[];
  lengths: number[];
  /**
   * The CRC shift each piece applies (x^(8·length) mod P), and the nonce's, made once: working
   * them out per response was a tenth of a hydrated page's time (nonces all have one length).
   */
  shifts: number[];
  nonceLength: number;
  nonceShift: number;
};

export function prepareSplicedGzip(body: string, nonce: string): SplicedGzip {
  const texts = body.split(nonce).map((part) => Buffer.from(part, "utf8"));
  const nonceLength = Buffer.byteLength(nonce, "utf8");
  return {
    pieces: texts.map((text) => deflateRawSync(text, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })),
    crcs: texts.map((text) => crc32(text)),
    lengths: texts.map((text) => text.length),
    shifts: texts.map((text) => x8nModP(text.length)),
    nonceLength,
    nonceShift: x8nModP(nonceLength),
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// An empty final block with fixed Huffman codes: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The gzip of the cached page with `nonce` in place, as buffers to write in order. */
export function splicedGzip(prepared: SplicedGzip, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "utf8");
  // A stored block: BFINAL=0, BTYPE=00, then LEN and its complement (byte-aligned after a sync flush).
  const nonceBlock = Buffer.allocUnsafe(5 + nonceBytes.length);
  nonceBlock[0] = 0x00;
  nonceBlock.writeUInt16LE(nonceBytes.length, 1);
  nonceBlock.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(nonceBlock, 5);
  const nonceCrc = crc32(nonceBytes);

  const nonceShift = nonceBytes.length === prepared.nonceLength ? prepared.nonceShift : x8nModP(nonceBytes.length);

  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const { pieces, crcs, lengths, shifts } = prepared;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      parts.push(nonceBlock);
      if (nonceBytes.length > 0) crc = (multModP(nonceShift, crc) ^ nonceCrc) >>> 0;
      size += nonceBytes.length;
    }
    parts.push(pieces[i]!);
    if (lengths[i]! > 0) crc = (multModP(shifts[i]!, crc) ^ crcs[i]!) >>> 0;
    size += lengths[i]!;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return parts;
}

// CRC-32 combination, after zlib's crc32.c: multiplication modulo the CRC polynomial (reflected).
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X2N.push(p);
  p = multModP(p, p);
}

/** x^(8·bytes) modulo the polynomial: the shift that appending `bytes` bytes applies to a CRC. */
function x8nModP(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // 8 bits per byte
  for (let n = bytes; n; n = Math.floor(n / 2), k++) if (n & 1) p = multModP(X2N[k & 31]!, p);
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB === 0) return crcA >>> 0;
  return (multModP(x8nModP(lengthB), crcA) ^ crcB) >>> 0;
}
