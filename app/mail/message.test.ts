import { describe, expect, it } from "vitest";
import { headerText, renderMail } from "./message";

describe("mail message", () => {
  it("keeps a visitor's line breaks out of headers", () => {
    expect(headerText("Advertising Inquiry from Evil\r\nBcc: victim@example.com")).toBe(
      "Advertising Inquiry from Evil Bcc: victim@example.com",
    );
    expect(headerText("x".repeat(500)).length).toBe(200);
  });

  it("escapes every value in the HTML part and keeps it in the text part", () => {
    const mail = renderMail("Hello <b>", [
      { kind: "paragraph", text: "<script>alert(1)</script>" },
      { kind: "fields", fields: [["Company", `"A&B"`]] },
      { kind: "quote", text: "one\ntwo" },
      { kind: "link", label: "Confirm", href: "https://x.test/?a=1&b=2" },
    ]);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("&quot;A&amp;B&quot;");
    expect(mail.html).toContain('href="https://x.test/?a=1&amp;b=2"');
    expect(mail.text).toContain("<script>alert(1)</script>");
    expect(mail.text).toContain('Company: "A&B"');
    expect(mail.text).toContain("> one\n> two");
    expect(mail.text).toContain("https://x.test/?a=1&b=2");
  });
});
