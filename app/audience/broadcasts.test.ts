import { describe, expect, it } from "vitest";
import { broadcastSchema, listIdHeader, sendInstant } from "./broadcasts";
import { renderMarkdown } from "~/core/markdown/markdown";
import { broadcastMail } from "./mail";

describe("broadcasts' rules", () => {
  it("reads a wall-clock send time in the site's time zone, and an ISO time as it is", () => {
    expect(sendInstant("2026-12-01T09:00", "UTC")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    // Sydney is UTC+11 in December (daylight time), UTC+10 in June.
    expect(sendInstant("2026-12-01T09:00", "Australia/Sydney")?.toISOString()).toBe("2026-11-30T22:00:00.000Z");
    expect(sendInstant("2026-06-01T09:00", "Australia/Sydney")?.toISOString()).toBe("2026-05-31T23:00:00.000Z");
    expect(sendInstant("2026-12-01T09:00:00+01:00", "Australia/Sydney")?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(sendInstant("2026-02-30T09:00", "UTC")).toBeNull();
    expect(sendInstant("tomorrow", "UTC")).toBeNull();
    expect(sendInstant("2026-12-01", "UTC")).toBeNull();
  });

  it("names the list in RFC 2919's List-Id", () => {
    expect(listIdHeader("waitlist", "Early-adopter list", "https://clink.app")).toBe("Early-adopter list <waitlist.clink.app>");
  });

  it("refuses an empty subject or body and a segment of the blog list", () => {
    const ok = { subject: "Hello", markdown: "Body", list: "waitlist", segment: { city: "Sydney", platform: "ios" } };
    expect(broadcastSchema.safeParse(ok).success).toBe(true);
    expect(broadcastSchema.safeParse({ ...ok, subject: " " }).success).toBe(false);
    expect(broadcastSchema.safeParse({ ...ok, markdown: "" }).success).toBe(false);
    expect(broadcastSchema.safeParse({ ...ok, list: "blog" }).success).toBe(false);
    expect(broadcastSchema.safeParse({ ...ok, segment: { city: "Atlantis" } }).success).toBe(false);
  });

  it("renders the Markdown sanitized beside the plain text, links as written, no pixel; a test is marked", () => {
    const markdown = "Hi **there** [app](https://clink.app/a?b=1)\n\n<img src=https://t.example/p.gif><script>x()</script>";
    const mail = broadcastMail(
      { subject: "Open", markdown, bodyHtml: renderMarkdown(markdown), list: "waitlist" },
      "https://clink.app/unsubscribe?token=1.x",
    );
    expect(mail.html).toContain("<strong>there</strong>");
    expect(mail.html).toContain('href="https://clink.app/a?b=1"');
    expect(mail.html).not.toMatch(/<img|<script/);
    expect(mail.text).toContain("Hi **there**");
    expect(mail.text).toContain("https://clink.app/unsubscribe?token=1.x");
    expect(broadcastMail({ subject: "Open", markdown: "x", bodyHtml: "<p>x</p>", list: "blog" }, null, true).subject).toBe("[Test] Open");
  });
});
