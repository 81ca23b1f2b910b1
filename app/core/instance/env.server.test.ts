import { describe, expect, it } from "vitest";
import { commandSettings, EnvError, envErrorSentence, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives the documented defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.SEED_DEMO).toBe(true);
  });

  it("writes SITE_URL one way, without a trailing slash", () => {
    expect(parseEnv({ SITE_URL: "https://clink.example/" }).SITE_URL).toBe("https://clink.example");
    expect(parseEnv({ SITE_URL: "https://clink.example" }).SITE_URL).toBe("https://clink.example");
  });

  it("derives SITE_URL from PORT and HOST outside production", () => {
    expect(parseEnv({ PORT: "4700" }).SITE_URL).toBe("http://localhost:4700");
    expect(parseEnv({ PORT: "4700", HOST: "127.0.0.2" }).SITE_URL).toBe("http://127.0.0.2:4700");
    expect(parseEnv({ PORT: "4700", HOST: "::" }).SITE_URL).toBe("http://localhost:4700");
    expect(parseEnv({ PORT: "4700", HOST: "::1" }).SITE_URL).toBe("http://[::1]:4700");
    expect(parseEnv({ PORT: "4700" }).SITE_URL_DERIVED).toBe(true);
    expect(parseEnv({ SITE_URL: "https://clink.example" }).SITE_URL_DERIVED).toBe(false);
  });

  it("refuses a production start without SITE_URL, or without SMTP_URL unless mail to files is chosen", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://m:25" })).toThrow(/SITE_URL: must be set in production/);
    expect(() => parseEnv({ NODE_ENV: "production", SITE_URL: "https://clink.example" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "https://clink.example", MAIL_TRANSPORT: "files" }).MAIL_TRANSPORT).toBe("files");
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "https://clink.example", SMTP_URL: "smtp://m:25" }).MAIL_TRANSPORT).toBe("smtp");
    // npm start on one's own machine: the development fallbacks, said out loud (app/ops/config-warnings.ts).
    expect(parseEnv({ NODE_ENV: "production", LOCAL_DEFAULTS: "true" }).MAIL_TRANSPORT).toBe("files");
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ ADMIN_EMAIL: "nobody", ADMIN_PASSWORD: "long enough password" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "a@b.co" }, "ADMIN_EMAIL"],
    [{ TRUST_PROXY: "yes please!" }, "TRUST_PROXY"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ CRAWLER_DNS_SERVERS: "dns.example" }, "CRAWLER_DNS_SERVERS"],
    [{ CRAWLER_DNS_SERVERS: "192.0.2.1:99999" }, "CRAWLER_DNS_SERVERS"],
    [{ CRAWLER_DNS_SERVERS: "[192.0.2.1]:53" }, "CRAWLER_DNS_SERVERS"],
    [{ CRAWLER_DNS_TIMEOUT_MS: "10" }, "CRAWLER_DNS_TIMEOUT_MS"],
    [{ MAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ MAIL_TRANSPORT: "files", SMTP_URL: "smtp://m:25" }, "MAIL_TRANSPORT"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ BACKUP_AT: "25:00" }, "BACKUP_AT"],
    [{ DKIM_DOMAIN: "clink.example" }, "DKIM_DOMAIN"],
    [{ DKIM_DOMAIN: "not a domain", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY_FILE: "/k.pem" }, "DKIM_DOMAIN"],
    [
      { DKIM_DOMAIN: "clink.example", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY_FILE: "/k.pem", DKIM_PRIVATE_KEY: "x".repeat(120) },
      "DKIM_PRIVATE_KEY",
    ],
    [{ DNS_SERVERS: "dns.example" }, "DNS_SERVERS"],
    [{ MAIL_EVENTS_SES_TOPIC_ARN: "ses-events" }, "MAIL_EVENTS_SES_TOPIC_ARN"],
    [{ MAIL_EVENTS_SENDGRID_PUBLIC_KEY: "not base64!" }, "MAIL_EVENTS_SENDGRID_PUBLIC_KEY"],
  ])("names the bad variable in %o", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });

  it("reads CRAWLER_DNS_SERVERS as a list of addresses with optional ports, the system's resolvers when unset", () => {
    expect(parseEnv({}).CRAWLER_DNS_SERVERS).toEqual([]);
    expect(parseEnv({}).CRAWLER_DNS_TIMEOUT_MS).toBe(2000);
    expect(parseEnv({ CRAWLER_DNS_SERVERS: "192.0.2.1, 127.0.0.1:5353,2001:db8::1,[::1]:53" }).CRAWLER_DNS_SERVERS).toEqual([
      "192.0.2.1",
      "127.0.0.1:5353",
      "2001:db8::1",
      "[::1]:53",
    ]);
  });

  it("reads WEBHOOKS_DNS_SERVERS as CRAWLER_DNS_SERVERS, refusing a name", () => {
    expect(parseEnv({}).WEBHOOKS_DNS_SERVERS).toEqual([]);
    expect(parseEnv({ WEBHOOKS_DNS_SERVERS: "127.0.0.1:5353, [::1]:53" }).WEBHOOKS_DNS_SERVERS).toEqual(["127.0.0.1:5353", "[::1]:53"]);
    expect(() => parseEnv({ WEBHOOKS_DNS_SERVERS: "dns.example" })).toThrow("WEBHOOKS_DNS_SERVERS");
  });

  it("reads TRUST_PROXY as a boolean, a hop count or a list", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
  });
});

describe("the settings an operator's command reads", () => {
  it("are npm start's local defaults where the shell says no NODE_ENV, and the shell's own where it does", () => {
    expect(parseEnv(commandSettings({})).LOCAL_DEFAULTS).toBe(true);
    expect(parseEnv(commandSettings({})).NODE_ENV).toBe("production");
    expect(() => parseEnv(commandSettings({ NODE_ENV: "production" }))).toThrow(EnvError);
  });

  it("say a configuration error in one sentence", () => {
    try {
      parseEnv({ NODE_ENV: "production" });
      expect.unreachable();
    } catch (error) {
      expect(envErrorSentence(error as EnvError)).toMatch(/^The configuration is not valid: SITE_URL must be set in production: [^\n]+\.$/);
    }
  });
});
