import { describe, expect, it } from "vitest";
import { multipartField, MultipartMalformed } from "./multipart";

/** A body as the browser (undici) writes it, with its Content-Type. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}

describe("a multipart field", () => {
  it("is the file's exact bytes, as a view of the body (no copy), whatever other fields come first", async () => {
    const form = new FormData();
    form.set("note", "hello\r\n--not-a-boundary");
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    form.set("file", new Blob([bytes]), "x.bin");
    const { body, contentType } = await encoded(form);
    const found = multipartField(body, contentType, "file")!;
    expect(Buffer.from(found).equals(Buffer.from(bytes))).toBe(true);
    expect(found.buffer).toBe(body.buffer);
    expect(new TextDecoder().decode(multipartField(body, contentType, "note")!)).toBe("hello\r\n--not-a-boundary");
  });

  it("is null when the form has no such field, and an empty file is empty", async () => {
    const form = new FormData();
    form.set("other", "x");
    form.set("empty", new Blob([]), "e.txt");
    const { body, contentType } = await encoded(form);
    expect(multipartField(body, contentType, "file")).toBeNull();
    expect(multipartField(body, contentType, "empty")!.length).toBe(0);
  });

  it("refuses a body that is not multipart as its Content-Type says", () => {
    const text = new TextEncoder().encode("just text");
    expect(() => multipartField(text, "multipart/form-data; boundary=abc", "file")).toThrow(MultipartMalformed);
    expect(() => multipartField(text, "text/plain", "file")).toThrow(MultipartMalformed);
    expect(() =>
      multipartField(
        new TextEncoder().encode('--abc\r\ncontent-disposition: form-data; name="file"\r\n\r\nno end'),
        "multipart/form-data; boundary=abc",
        "file",
      ),
    ).toThrow(MultipartMalformed);
  });
});
