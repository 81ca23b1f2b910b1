/**
 * One file field of a multipart/form-data body (RFC 7578), as a view of the body's own bytes: no copy.
 * Parsers that build a FormData (undici's, busboy's) copy a 50 MB file two or three times over, and an
 * import is then several hundred MB of memory; this one reads only the part's headers.
 * Answers null when the field is absent; throws MultipartMalformed when the body is not multipart as declared.
 */
export class MultipartMalformed extends Error {}

const decoder = new TextDecoder();
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

export function multipartField(body: Uint8Array, contentType: string, field: string): Uint8Array | null {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (!/^multipart\/form-data\b/i.test(contentType) || !boundary) throw new MultipartMalformed("not multipart/form-data with a boundary");
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = bytes.indexOf(delimiter);
  if (at < 0) throw new MultipartMalformed("no part starts in the body");
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (bytes[afterDelimiter] === 0x2d && bytes[afterDelimiter + 1] === 0x2d) return null; // "--": the last delimiter
    if (!bytes.subarray(afterDelimiter, afterDelimiter + 2).equals(CRLF))
      throw new MultipartMalformed("a delimiter is not followed by a line break");
    const headersEnd = bytes.indexOf(HEADERS_END, afterDelimiter);
    if (headersEnd < 0) throw new MultipartMalformed("a part's headers do not end");
    const headers = decoder.decode(bytes.subarray(afterDelimiter + 2, headersEnd));
    const next = bytes.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd + 4);
    if (next < 0) throw new MultipartMalformed("a part does not end");
    const disposition = /^content-disposition:\s*form-data\s*;([^\r\n]*)$/im.exec(headers)?.[1] ?? "";
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === field) return body.subarray(headersEnd + 4, next);
    at = next + CRLF.length;
  }
}
