import { describe, expect, it } from "vitest";
import { renderPlainText } from "../text/html";
import { markdownDepth, markdownToText, MAX_MARKDOWN_DEPTH, renderMarkdown, renderMarkdownChecked } from "./markdown";

describe("renderMarkdown", () => {
  it("renders the formatting the editor's help panel lists", () => {
    const html = renderMarkdown("## Heading\n\n**bold** *italic* `code`\n\n- one\n- two\n\n[link](https://example.com)");
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toMatch(/<a href="https:\/\/example.com" rel="nofollow noopener noreferrer">link<\/a>/);
  });

  it("renders GFM tables and strikethrough", () => {
    const html = renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~");
    expect(html).toContain("<table>");
    expect(html).toContain("<del>gone</del>");
  });

  const hostile = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '<iframe src="https://evil.example"></iframe>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](  javascript:alert(1))",
    "![x](javascript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    '<a href="javascript:alert(1)">x</a>',
    '<div style="background:url(javascript:alert(1))" onclick="alert(1)">x</div>',
    "<svg><script>alert(1)</script></svg>",
    "<object data=x></object><embed src=x>",
    '[x](https://ok.example "title" onmouseover=alert(1))',
    "<form action=https://evil.example><input name=a></form>",
    "- [x] task",
  ];

  it.each(hostile)("neutralises %s", (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<script|<iframe|<object|<embed|<form|<input|<svg|<style/i);
    const tags = html.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/style=/i);
      expect(tag).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
    }
  });

  it("keeps hostile text visible as text, not markup", () => {
    expect(renderMarkdown("a < b & c")).toBe("<p>a &#x3C; b &#x26; c</p>");
  });

  it("produces the same output twice (no shared state)", () => {
    expect(renderMarkdown("**x**")).toBe(renderMarkdown("**x**"));
  });
});

describe("plain text fallback", () => {
  it("escapes everything", () => {
    expect(renderPlainText('<b onclick="x">hi</b>\n\nnext')).toBe("<p>&lt;b onclick=&quot;x&quot;&gt;hi&lt;/b&gt;</p>\n<p>next</p>");
  });

  it("reduces markdown to words", () => {
    expect(markdownToText("## Title\n\nSome **bold** & <script>x</script> words")).toBe("Title Some bold & x words");
  });
});

describe("the nesting guard", () => {
  it("measures how deep a line's quotes and list items nest, fenced code aside", () => {
    expect(markdownDepth("plain text")).toBe(0);
    expect(markdownDepth("> quote\n> > deeper")).toBe(2);
    expect(markdownDepth("- one\n  - two\n    - three")).toBe(3);
    expect(markdownDepth("1. 1. 1. a")).toBe(3);
    expect(markdownDepth("```\n" + "> ".repeat(100) + "\n```\n> a")).toBe(1);
  });

  it("shows text nested past the limit plain, at once, and renders what nests within it", () => {
    const deep = ">".repeat(29_990);
    // Before the guard this took 164 s (the test's own time limit says so); its speed is a bench figure.
    const result = renderMarkdownChecked(deep);
    expect(result.rendered).toBe(false);
    expect(result.html).toBe(renderPlainText(deep));
    const within = `${"> ".repeat(MAX_MARKDOWN_DEPTH)}a`;
    expect(renderMarkdownChecked(within)).toMatchObject({ rendered: true });
    expect(renderMarkdownChecked(within).html).toContain("<blockquote>");
    expect(renderMarkdownChecked(`${"- ".repeat(MAX_MARKDOWN_DEPTH + 1)}a`).rendered).toBe(false);
  });
});
