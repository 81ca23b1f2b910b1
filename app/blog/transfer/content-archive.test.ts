import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ImportMalformed, manifestFor, readArchive, writeArchive, type ArchiveContent } from "./content-archive";

const content: ArchiveContent = {
  posts: [
    {
      slug: "hello",
      title: "Hello",
      excerpt: "Hi",
      content: "![x](/api/media/AAAAAAAAAAAAAAAAAAAA)",
      author: "Alex",
      authorEmail: null,
      category: "tips",
      tags: ["One"],
      image: null,
      cover: { hash: "BBBBBBBBBBBBBBBBBBBB", originalName: "c.png" },
      imageAlt: "A cover",
      metaTitle: null,
      metaDescription: null,
      canonicalUrl: null,
      socialImage: null,
      socialTitle: null,
      noindex: false,
      published: true,
      publishAt: "2024-01-01T00:00:00.000Z",
    },
  ],
  tags: [{ slug: "one", name: "One", description: "The first" }],
  authors: [{ name: "Alex", email: null, slug: null, bio: null }],
  images: [
    { hash: "AAAAAAAAAAAAAAAAAAAA", kind: "media", mimeType: "image/png", originalName: null },
    { hash: "BBBBBBBBBBBBBBBBBBBB", kind: "cover", mimeType: "image/png", originalName: "c.png" },
  ],
};
const imageBytes = new Map([
  ["AAAAAAAAAAAAAAAAAAAA", new Uint8Array([1, 2, 3])],
  ["BBBBBBBBBBBBBBBBBBBB", new Uint8Array([4, 5])],
]);

describe("content archive", () => {
  it("reads back what it writes, with a manifest that counts it", async () => {
    const manifest = manifestFor(content, "https://clink.example", new Date("2026-01-02T03:04:05Z"), false);
    expect(manifest).toMatchObject({
      format: "clink-content",
      version: 1,
      counts: { posts: 1, tags: 1, authors: 1, images: 2, revisions: 0 },
    });
    const back = readArchive(await writeArchive({ manifest, content, imageBytes }));
    expect(back.content).toEqual(content);
    expect(back.manifest).toEqual(manifest);
    expect([...back.imageBytes.get("BBBBBBBBBBBBBBBBBBBB")!]).toEqual([4, 5]);
  });

  it("says what is wrong with an archive it cannot read", () => {
    expect(() => readArchive(zipSync({ "other.txt": strToU8("x") }))).toThrow(/no manifest.json/);
    const manifest = manifestFor(content, "https://clink.example", new Date(), false);
    const missing = zipSync({ "manifest.json": strToU8(JSON.stringify(manifest)), "content.json": strToU8(JSON.stringify(content)) });
    expect(() => readArchive(missing)).toThrow(/does not hold it/);
    const newer = zipSync({ "manifest.json": strToU8(JSON.stringify({ ...manifest, version: 99 })), "content.json": strToU8("{}") });
    expect(() => readArchive(newer)).toThrow(/version 99/);
    expect(() => readArchive(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toThrow(ImportMalformed);
  });
});
