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
    const out = redactLogLine(JSON.stringify({ err: { message: "550 jo.smith+x@mail.example.com unknown" }, url: "/search?q=jo%40example.org" }));
    expect(out).not.toMatch(/jo\.smith|example\.org/);
    expect(JSON.parse(out).err.message).toBe("550 [email] unknown");
  });

  it("leaves ordinary lines alone", () => {
    const line = JSON.stringify({ level: 30, url: "/blog?page=2", msg: "server listening" });
    expect(redactLogLine(line)).toBe(line);
  });
});
