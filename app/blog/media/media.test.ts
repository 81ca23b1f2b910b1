import { describe, expect, it } from "vitest";
import { mediaAltTexts, mediaHashesIn, mediaMarkdown, responsiveMediaImages } from "./media";

const HASH = "AbCdEfGhIjKlMnOpQr_-";

describe("images in a post's text", () => {
  it("finds the media a post uses, once each", () => {
    expect(mediaHashesIn(`![a](/api/media/${HASH}) and ![b](/api/media/${HASH}?w=400) ![c](https://x.org/y.png)`)).toEqual([HASH]);
  });

  it("inserts Markdown with the alt text escaped", () => {
    expect(mediaMarkdown("A [red] door", HASH)).toBe(`![A \\[red\\] door](/api/media/${HASH})`);
  });

  it("gives our uploads srcset, sizes, width, height and lazy loading; leaves other images alone", () => {
    const html = `<p><img src="/api/media/${HASH}" alt="A door" loading="lazy" decoding="async"><img src="https://x.org/y.png" alt="y"></p>`;
    const out = responsiveMediaImages(html, new Map([[HASH, { width: 1100, height: 500, mimeType: "image/png" }]]));
    // At the addresses Ghost serves images from: WebP variants at the page widths, then the original.
    const variant = (w: number) => `/content/images/size/w${w}/format/webp/media/${HASH}.png`;
    expect(out).toContain(`srcset="${variant(600)} 600w, ${variant(1000)} 1000w, /content/images/media/${HASH}.png 1100w"`);
    expect(out).toContain(`src="${variant(1000)}"`);
    expect(out).toContain('width="1100" height="500" alt="A door" loading="lazy"');
    expect(out).toContain('<img src="https://x.org/y.png" alt="y">');
    // An image whose size is unknown (deleted meanwhile) is left as written.
    expect(responsiveMediaImages(html, new Map())).toBe(html);
  });
});

describe("mediaAltTexts", () => {
  it("finds the alt text each link gives an upload, escaped brackets included", () => {
    const hash = "AbCdEfGhIjKlMnOpQrSt";
    expect(
      mediaAltTexts(`${mediaMarkdown("A [blue] door", hash)} and ![](/api/media/${hash}) and ![Other](https://x.example/a.png)`),
    ).toEqual([{ hash, alt: "A [blue] door" }]);
  });
});
