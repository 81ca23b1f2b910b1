import { describe, expect, it } from "vitest";
import { formatLogLine } from "./log-format";

const time = new Date(2026, 10, 26, 12, 4, 31).getTime();

describe("formatLogLine", () => {
  it("writes a JSON line as time, level, message and its fields", () => {
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: "h", msg: "server listening", port: 3000, database: "pglite" });
    expect(formatLogLine(line)).toBe("12:04:31 INFO  server listening port=3000 database=pglite\n");
  });

  it("writes a request as method, address, status and time", () => {
    const line = JSON.stringify({
      level: 40,
      time,
      req: { id: "x", method: "GET", url: "/nope" },
      res: { statusCode: 404 },
      responseTime: 3.4,
      msg: "request completed",
    });
    expect(formatLogLine(line)).toBe("12:04:31 WARN  GET /nope 404 3 ms\n");
  });

  it("shows an error's stack under its line and quotes text with spaces", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: "job failed",
      type: "mail deliver",
      err: { type: "Error", message: "boom", stack: "Error: boom\n    at a (x.js:1)" },
    });
    expect(formatLogLine(line)).toBe('12:04:31 ERROR job failed type="mail deliver"\n    Error: boom\n      at a (x.js:1)\n');
  });

  it("passes through a line that is not JSON", () => {
    expect(formatLogLine("plain")).toBe("plain\n");
  });
});
