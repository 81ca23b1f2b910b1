import { describe, expect, it } from "vitest";
import { absoluteHtml, ghostPageUrl } from "./ghost-urls";

const SITE = "https://clink.example";

describe("Ghost's addresses", () => {
  it("writes a page's url absolute with Ghost's trailing slash", () => {
    expect(ghostPageUrl(SITE, "/blog/a-walk")).toBe("https://clink.example/blog/a-walk/");
    expect(ghostPageUrl(SITE, "/")).toBe("https://clink.example/");
  });

  it("makes site-relative links, images and srcset entries in html absolute, and leaves others alone", () => {
    const html =
      `<p><a href="/venue-map">map</a> <a href='https://other.example/x'>x</a> <a href="#top">top</a> <a href="//cdn.example/y">y</a></p>` +
      `<img src="/images/a.jpg" srcset="/content/images/size/w600/a.jpg 600w, /content/images/a.jpg 1200w" alt="/not-a-link">`;
    expect(absoluteHtml(SITE, html)).toBe(
      `<p><a href="https://clink.example/venue-map">map</a> <a href='https://other.example/x'>x</a> <a href="#top">top</a> <a href="//cdn.example/y">y</a></p>` +
        `<img src="https://clink.example/images/a.jpg" srcset="https://clink.example/content/images/size/w600/a.jpg 600w, https://clink.example/content/images/a.jpg 1200w" alt="/not-a-link">`,
    );
  });
});
