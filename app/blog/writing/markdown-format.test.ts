import { describe, expect, it } from "vitest";
import { altFromFileName, formatEdit, uploadPlaceholder, type FormatEdit } from "./markdown-format";
import { readingMinutes, wordCount } from "../post/reading-time";

/** Applies an edit and marks the selection after it with [ and ] (| for a cursor). */
function apply(doc: string, edit: FormatEdit): string {
  const text = doc.slice(0, edit.from) + edit.insert + doc.slice(edit.to);
  const [a, b] = [Math.min(edit.anchor, edit.head), Math.max(edit.anchor, edit.head)];
  return a === b ? `${text.slice(0, a)}|${text.slice(a)}` : `${text.slice(0, a)}[${text.slice(a, b)}]${text.slice(b)}`;
}

describe("formatEdit", () => {
  it("wraps the selection in bold, italic and code markers, keeping it selected", () => {
    expect(apply("say hello now", formatEdit("say hello now", 4, 9, "bold"))).toBe("say **[hello]** now");
    expect(apply("say hello now", formatEdit("say hello now", 4, 9, "italic"))).toBe("say *[hello]* now");
    expect(apply("say hello now", formatEdit("say hello now", 4, 9, "code"))).toBe("say `[hello]` now");
  });
  it("inserts a placeholder to type over when nothing is selected", () => {
    expect(apply("a ", formatEdit("a ", 2, 2, "bold"))).toBe("a **[bold text]**");
  });
  it("unwraps text that is already bold", () => {
    expect(apply("**hi**", formatEdit("**hi**", 2, 4, "bold"))).toBe("[hi]");
  });
  it("makes a link around the selection with the address selected", () => {
    expect(apply("see this", formatEdit("see this", 4, 8, "link"))).toBe("see [this]([https://])");
    expect(apply("", formatEdit("", 0, 0, "link"))).toBe("[[link text]](https://)");
  });
  it("makes an image with its alt text selected", () => {
    expect(apply("", formatEdit("", 0, 0, "image"))).toBe("![[image description]](https://)");
  });
  it("toggles line prefixes: heading, quote, bullets and numbers on each selected line", () => {
    expect(apply("Title", formatEdit("Title", 5, 5, "heading"))).toBe("## Title|");
    expect(apply("## Title", formatEdit("## Title", 8, 8, "heading"))).toBe("Title|");
    expect(apply("a\nb", formatEdit("a\nb", 0, 3, "bullet"))).toBe("[- a\n- b]");
    expect(apply("a\nb", formatEdit("a\nb", 0, 3, "numbered"))).toBe("[1. a\n2. b]");
    expect(apply("- a\n- b", formatEdit("- a\n- b", 0, 7, "numbered"))).toBe("[1. a\n2. b]");
    expect(apply("x\nwise", formatEdit("x\nwise", 2, 2, "quote"))).toBe("x\n> |wise");
  });
});

describe("image upload text", () => {
  it("has a unique placeholder and an alt text from the file name", () => {
    expect(uploadPlaceholder("a].png", 3)).toBe("![Uploading a.png…](#upload-3)");
    expect(altFromFileName("sunset_over-bar.JPG")).toBe("sunset over bar");
    expect(altFromFileName("image.png")).toBe("Describe the image");
  });
});

describe("word count and reading time, as the editor shows them", () => {
  it("counts words, not markup, and rounds minutes up from one", () => {
    expect(wordCount("## Hello **world**, it's [a link](https://x.y/z)")).toBe(5);
    expect(readingMinutes("one two")).toBe(1);
    expect(readingMinutes(Array(690).fill("w").join(" "))).toBe(3);
  });
});
