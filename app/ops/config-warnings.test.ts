import { describe, expect, it } from "vitest";
import { parseEnv } from "~/core/instance/env.server";
import { configWarnings, isLoopbackHost } from "./config-warnings";

const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example:25" };

describe("configWarnings", () => {
  it("says nothing about an https site that delivers mail", () => {
    expect(configWarnings(parseEnv({ ...production, SITE_URL: "https://clink.example" }))).toEqual([]);
  });

  it("warns about a plain http address other than loopback, and only then", () => {
    expect(configWarnings(parseEnv({ ...production, SITE_URL: "http://clink.example" })).map((w) => w.variable)).toEqual(["SITE_URL"]);
    for (const url of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000", "http://app.localhost"]) {
      expect(configWarnings(parseEnv({ ...production, SITE_URL: url }))).toEqual([]);
    }
  });

  it("tells the admin mail is not being delivered when it goes to files in production", () => {
    const env = parseEnv({ NODE_ENV: "production", SITE_URL: "https://clink.example", MAIL_TRANSPORT: "files" });
    expect(
      configWarnings(env)
        .map((w) => w.message)
        .join(" "),
    ).toContain("mail is not being delivered");
  });

  it("warns when npm start's local defaults stand in for SITE_URL", () => {
    const env = parseEnv({ NODE_ENV: "production", LOCAL_DEFAULTS: "true", PORT: "4700" });
    expect(env.SITE_URL).toBe("http://localhost:4700");
    expect(configWarnings(env).map((w) => w.variable)).toEqual(["SITE_URL", "SMTP_URL"]);
  });
});

describe("isLoopbackHost", () => {
  it("knows loopback from the rest", () => {
    expect(isLoopbackHost("127.0.0.53")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("10.0.0.1")).toBe(false);
    expect(isLoopbackHost("localhost.example")).toBe(false);
  });
});
