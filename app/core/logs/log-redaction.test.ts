import { describe, expect, it } from "vitest";
import { redactLogLine } from "./log-redaction";

describe("redactLogLine", () => {
  it("hides a token in a logged address, keeping the rest of the line", () => {
    const line = JSON.stringify({ req: { url: "/delete-my-data/verify?token=AbC_-123xyz&x=1" }, msg: "request completed" });
    const out = redactLogLine(line);
    expect(out).not.toContain("AbC_-123xyz");
    expect(JSON.parse(out)).toEqual({ req: { url: "/delete-my-data/verify?token=[redacted]&x=1" }, msg: "request completed" });
  });

  it("hides e-mail addresses anywhere, also percent-encoded", () => {
    const out = redactLogLine(
      JSON.stringify({ err: { message: "550 jo.smith+x@mail.example.com unknown" }, url: "/search?q=jo%40example.org" }),
    );
    expect(out).not.toMatch(/jo\.smith|example\.org/);
    expect(JSON.parse(out).err.message).toBe("550 [email] unknown");
  });

  it("reads a parameter's name decoded, as the server does", () => {
    for (const url of ["/x?%6Bey=s3cret", "/x?a=1&%256Bey=s3cret", "/x?KEY=s3cret", "/x?%74oken=s3cret&b=2", "/x?%20key=s3cret"]) {
      const out = redactLogLine(JSON.stringify({ url }));
      expect(out, url).not.toContain("s3cret");
      expect(out).toContain("=[redacted]");
    }
    expect(redactLogLine(JSON.stringify({ url: "/x?keys=1&%ZZ=2" }))).toBe(JSON.stringify({ url: "/x?keys=1&%ZZ=2" }));
  });

  it("leaves ordinary lines alone", () => {
    const line = JSON.stringify({ level: 30, url: "/blog?page=2", msg: "server listening" });
    expect(redactLogLine(line)).toBe(line);
  });
});
