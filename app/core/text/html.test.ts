import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in content and quoted attributes, and nothing else", () => {
    expect(escapeHtml(`'"<>&`)).toBe("&#39;&quot;&lt;&gt;&amp;");
    expect(escapeHtml("&amp; stays escaped once more")).toBe("&amp;amp; stays escaped once more");
    expect(escapeHtml("plain text, é ✓")).toBe("plain text, é ✓");
  });
});
