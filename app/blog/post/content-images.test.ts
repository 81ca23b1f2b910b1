import { describe, expect, it } from "vitest";
import {
  coverImagePath,
  extensionMatches,
  mediaImagePath,
  pageImageSources,
  parseContentImagePath,
  siteImagePath,
  sizedImagePath,
} from "./content-images";

const HASH = "AbCdEfGhIjKlMnOpQr_-";
const media = { kind: "media", hash: HASH, ext: "png" };

describe("parseContentImagePath", () => {
  it("reads originals: uploads for posts' text and posts' covers", () => {
    expect(parseContentImagePath(`/content/images/media/${HASH}.png`)).toEqual({
      image: media,
      width: null,
      format: null,
      original: `/content/images/media/${HASH}.png`,
    });
    expect(parseContentImagePath(`/content/images/posts/12/${HASH}.jpg`)).toEqual({
      image: { kind: "cover", postId: 12, version: HASH, ext: "jpg" },
      width: null,
      format: null,
      original: `/content/images/posts/12/${HASH}.jpg`,
    });
  });

  it("reads the site's own blog pictures, by their place under /images/blog/", () => {
    expect(parseContentImagePath("/content/images/size/w600/site/blog/posts/happy-hour.webp")).toEqual({
      image: { kind: "site", file: "/images/blog/posts/happy-hour.webp", ext: "webp" },
      width: 600,
      format: null,
      original: "/content/images/site/blog/posts/happy-hour.webp",
    });
    for (const path of [
      "/content/images/site/blog/../secret.webp",
      "/content/images/site/blog/posts/a.b.webp",
      "/content/images/site/favicon.ico",
      "/content/images/site/blog/posts/",
      "/content/images/site/logo.png",
    ]) {
      expect(parseContentImagePath(path), path).toBeNull();
    }
    expect(siteImagePath("/images/blog/posts/happy-hour.webp")).toBe("/content/images/site/blog/posts/happy-hour.webp");
    expect(siteImagePath("/images/rss-logo.png")).toBeNull();
    expect(siteImagePath("https://cdn.example/images/blog/x.webp")).toBeNull();
  });

  it("reads Ghost's size and format segments, for the widths Ghost makes by default", () => {
    expect(parseContentImagePath(`/content/images/size/w600/media/${HASH}.png`)).toEqual({
      image: media,
      width: 600,
      format: null,
      original: `/content/images/media/${HASH}.png`,
    });
    expect(parseContentImagePath(`/content/images/size/w1000/format/webp/media/${HASH}.png`)).toEqual({
      image: media,
      width: 1000,
      format: "webp",
      original: `/content/images/media/${HASH}.png`,
    });
    expect(parseContentImagePath(`/content/images/size/w2400/format/jpg/media/${HASH}.png`)).toMatchObject({ width: 2400, format: "jpeg" });
    expect(parseContentImagePath(`/content/images/size/w200/format/avif/media/${HASH}.png`)).toMatchObject({ width: 200, format: "avif" });
  });

  it("answers another size or format with the original's address, as Ghost does (nothing is made)", () => {
    const original = `/content/images/media/${HASH}.png`;
    expect(parseContentImagePath(`/content/images/size/w601/media/${HASH}.png`)).toEqual({ redirect: original });
    expect(parseContentImagePath(`/content/images/size/w99999/media/${HASH}.png`)).toEqual({ redirect: original });
    expect(parseContentImagePath(`/content/images/size/w256h256/media/${HASH}.png`)).toEqual({ redirect: original });
    expect(parseContentImagePath(`/content/images/size/w600/format/bmp/media/${HASH}.png`)).toEqual({ redirect: original });
  });

  it("names nothing for any other path: traversal, encodings, unknown kinds, non-images, trailing slashes", () => {
    for (const path of [
      "/content/images/",
      "/content/images/2021/03/harbour.jpg",
      `/content/images/media/${HASH}.svg`,
      `/content/images/media/${HASH}.txt`,
      `/content/images/media/${HASH}`,
      `/content/images/media/${HASH}.png/`,
      `/content/images/media/../media/${HASH}.png`,
      `/content/images/size/w600/../media/${HASH}.png`,
      `/content/images/size/w600/%2e%2e/media/${HASH}.png`,
      `/content/images/size/w7/../../etc/passwd`,
      `/content/images/format/webp/media/${HASH}.png`,
      `/content/images/posts/0/${HASH}.png`,
      `/content/images/posts/99999999999/${HASH}.png`,
      `/content/images/media/${HASH}x.png`,
      "/content/imagesx/media/a.png",
    ]) {
      expect(parseContentImagePath(path), path).toBeNull();
    }
  });
});

describe("addresses", () => {
  it("writes originals with their type's extension and variants with Ghost's segments", () => {
    expect(mediaImagePath(HASH, "image/jpeg")).toBe(`/content/images/media/${HASH}.jpg`);
    expect(coverImagePath(7, HASH, "image/webp")).toBe(`/content/images/posts/7/${HASH}.webp`);
    expect(sizedImagePath(coverImagePath(7, HASH, "image/png"), 600)).toBe(`/content/images/size/w600/posts/7/${HASH}.png`);
    expect(sizedImagePath(mediaImagePath(HASH, "image/png"), 1000, "webp")).toBe(
      `/content/images/size/w1000/format/webp/media/${HASH}.png`,
    );
    // What it writes, it reads back.
    expect(parseContentImagePath(sizedImagePath(mediaImagePath(HASH, "image/gif"), 1600, "avif"))).toMatchObject({
      width: 1600,
      format: "avif",
    });
  });

  it("matches an extension to the stored type", () => {
    expect(extensionMatches("jpg", "image/jpeg")).toBe(true);
    expect(extensionMatches("jpeg", "image/jpeg")).toBe(true);
    expect(extensionMatches("png", "image/jpeg")).toBe(false);
  });

  it("offers pages WebP variants narrower than the image, then the original", () => {
    const original = mediaImagePath(HASH, "image/png");
    expect(pageImageSources(original, 1200)).toEqual({
      src: `/content/images/size/w1000/format/webp/media/${HASH}.png`,
      srcset: `/content/images/size/w600/format/webp/media/${HASH}.png 600w, /content/images/size/w1000/format/webp/media/${HASH}.png 1000w, ${original} 1200w`,
    });
    expect(pageImageSources(original, 500)).toEqual({ src: original, srcset: `${original} 500w` });
  });
});
