import { describe, expect, it } from "vitest";
import { absolute, pageContentMarkdown } from "./page-content";

const PAGE = "https://clink.example/about";
const page = (main: string, outside = "") =>
  `<!DOCTYPE html><html><head><title>T</title><style>.x{color:red}</style></head><body><a href="#main" class="skip-link">Skip to main content</a>${outside}<main id="main">${main}</main><footer><p>Footer text</p></footer></body></html>`;
const md = (main: string, outside = "") => pageContentMarkdown(page(main, outside), PAGE);

describe("the Markdown version of a page", () => {
  it("takes only <main>: no skip link, header, footer or head", () => {
    const out = md("<p>Inside.</p>", "<header><nav><a href='/'>Home</a></nav><p>Header text</p></header>");
    expect(out).toBe("Inside.");
    expect(pageContentMarkdown("<html><body><p>No main here.</p></body></html>", PAGE)).toBe("");
  });

  it("keeps headings (one level down, under the file's title), paragraphs, lists and emphasis", () => {
    const out = md(
      "<h1>About Clink</h1><p>We are <strong>small</strong> and <em>friendly</em>.</p><h2>Values</h2><ul><li>Safety</li><li>Inclusivity</li></ul><ol><li>One</li><li>Two</li></ol><h6>Deep</h6>",
    );
    expect(out).toBe(
      "## About Clink\n\nWe are **small** and _friendly_.\n\n### Values\n\n- Safety\n- Inclusivity\n\n1. One\n2. Two\n\n###### Deep",
    );
  });

  it("makes links and images absolute against the page's address, and leaves mailto: as it is", () => {
    const out = md(
      `<p><a href="/privacy-policy">Privacy</a>, <a href="faq">FAQ</a>, <a href="#team">team</a>, <a href="https://other.example/x">other</a>, <a href="mailto:support@clink.app?subject=Hi%20there">mail</a>.</p><img src="/images/a.webp" alt="A bar">`,
    );
    expect(out).toContain("[Privacy](https://clink.example/privacy-policy)");
    expect(out).toContain("[FAQ](https://clink.example/faq)");
    expect(out).toContain("[team](https://clink.example/about#team)");
    expect(out).toContain("[other](https://other.example/x)");
    expect(out).toContain("[mail](mailto:support@clink.app?subject=Hi%20there)");
    expect(out).toContain("![A bar](https://clink.example/images/a.webp)");
    expect(absolute("http://[bad", PAGE)).toBe("http://[bad");
  });

  it("turns tables into GFM tables", () => {
    const out = md(
      "<table><thead><tr><th>Data</th><th>Kept for</th></tr></thead><tbody><tr><td>Messages</td><td>2 years</td></tr><tr><td>Payments</td><td></td></tr></tbody></table>",
    );
    expect(out.split("\n")).toEqual([
      "| Data     | Kept for |",
      "| -------- | -------- |",
      "| Messages | 2 years  |",
      "| Payments |          |",
    ]);
  });

  it("drops controls, widgets and what assistive technology skips", () => {
    const out = md(
      [
        "<p>Kept text.</p>",
        "<button type='button'>Watch Demo</button>",
        "<dialog><h2>Demo dialog</h2><p>Dialog text</p></dialog>",
        "<form action='/contact'><p>Form hint</p><label for='n'>Name</label><input id='n' value='typed'><select><option>General Information</option></select><textarea>draft</textarea><button>Send Message</button></form>",
        "<nav aria-label='Breadcrumb'><ol><li><a href='/'>Home</a></li></ol></nav>",
        "<div aria-hidden='true'>Decoration</div><p hidden>Hidden text</p>",
        "<svg><title>Icon title</title><text>Svg text</text></svg>",
        "<script>var scriptText = 1;</script><style>.styleText{}</style><template><p>Template text</p></template><noscript><p>Noscript text</p></noscript>",
        "<div role='img' aria-label='A phone'><p>Mock-up text</p></div><p role='status'>Loading...</p>",
        "<section data-mdast='ignore'><h2>Venue explorer</h2><p>8 venues in New York</p></section>",
        "<img src='/decor.webp' alt=''>",
        "<div role='region' aria-label='Notifications'><ol></ol></div>",
        "<p>Last text.</p>",
      ].join(""),
    );
    expect(out).toBe("Kept text.\n\nLast text.");
  });

  it("keeps words apart that only CSS sets apart, and keeps text that belongs together", () => {
    const out = md(
      "<p><span>By Maya Chen</span><time>November 18, 2026</time></p><h3>After Work Drinks<span>Popular</span></h3><p><a href='/a'>App Store</a><a href='/b'>Google Play</a></p><p>4.6<span> out of 5</span>, 76°F<span>, dry</span>, <span>Step 1: </span>Create</p>",
    );
    expect(out).toContain("By Maya Chen November 18, 2026");
    expect(out).toContain("#### After Work Drinks Popular");
    expect(out).toContain("[App Store](https://clink.example/a) [Google Play](https://clink.example/b)");
    expect(out).toContain("4.6 out of 5, 76°F, dry, Step 1: Create");
  });

  it("keeps a question and its answer from <details>", () => {
    const out = md("<details><summary><h2>How old do I have to be?</h2><svg></svg></summary><div><p>21 or older.</p></div></details>");
    expect(out).toBe("### How old do I have to be?\n\n21 or older.");
  });
});
