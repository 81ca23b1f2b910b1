import { isIP } from "node:net";
import { z } from "zod";
import { isTimeZone } from "../text/dates";
import { edgeSettings, type CdnTarget } from "./env-edge.server";
import { mailSettings } from "./env-mail.server";
import { dnsServerList } from "./env-values.server";

/** Server configuration, read once at start. A bad value stops the server with a message naming the variable. */
const optionalUrl = z.url().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  // Written one way everywhere: no trailing slash, so `${SITE_URL}/path` is always right. Unset, it
  // follows PORT and HOST (see siteUrlOf), except in production, where it must be given.
  SITE_URL: z
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /** `npm start` sets it: production settings on one's own machine, with SITE_URL and mail falling back as in development. */
  LOCAL_DEFAULTS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /** Optional: the same error events also go to Sentry or GlitchTip (app/errors), through Sentry's Node SDK. */
  SENTRY_DSN: z
    .string()
    .regex(/^https?:\/\/[^@/\s]+@[^/\s]+\/\S+$/, "must be a Sentry DSN such as https://key@sentry.example/1")
    .optional(),
  ...mailSettings,
  /** The site's time zone (IANA name): "daily at 03:00" schedules mean 03:00 here. */
  SITE_TIMEZONE: z
    .string()
    .default("UTC")
    .refine((zone) => isTimeZone(zone), "must be an IANA time zone such as UTC or Europe/Paris"),
  /** How often the job runner looks for work queued by other instances (its own wakes it at once). */
  JOB_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  /** How long a claimed job stays its instance's before another may take it (the instance may have died). */
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(200)
    .max(24 * 3_600_000)
    .default(5 * 60_000),
  /** Webhooks may go to loopback, private and link-local addresses (only for tests and a trusted local network). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** First retry delay of a webhook delivery; each further attempt waits twice as long (capped at an hour). */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /**
   * The DNS servers that resolve webhook hosts, at create and at each delivery (comma-separated, optionally
   * with a port); the system's resolver (getaddrinfo, /etc/hosts included) when unset.
   */
  WEBHOOKS_DNS_SERVERS: dnsServerList(),
  INDEXNOW_ENDPOINT: optionalUrl,
  /** Resolved contact submissions are erased this many months after they were resolved (docs/privacy.md). */
  RETENTION_SUBMISSIONS_MONTHS: z.coerce.number().int().min(1).max(120).default(18),
  /** Mail the public forms may send to visitors' addresses in an hour, site-wide; past it, mail waits. */
  PUBLIC_MAIL_HOURLY_BUDGET: z.coerce.number().int().min(1).max(100_000).default(200),
  /** AI crawlers robots.txt turns away (comma-separated tokens, e.g. "GPTBot,CCBot"); all are allowed by default. */
  ROBOTS_DISALLOW_AI_CRAWLERS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /**
   * The DNS servers that verify crawlers by reverse DNS (comma-separated, optionally with a port);
   * the system's resolvers when unset. Lookups happen in the crawler log's writer, never on a request.
   */
  CRAWLER_DNS_SERVERS: dnsServerList(),
  /** How long one reverse DNS verification may take (both lookups) before the visit is recorded as claimed. */
  CRAWLER_DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      if (value === "true") return true as const;
      if (value === "false") return false as const;
      if (/^\d+$/.test(value)) return Number(value);
      if (/^[\w.:/,\s-]+$/.test(value)) return value; // express "trust proxy" list, e.g. "loopback, 10.0.0.0/8"
      ctx.addIssue({ code: "custom", message: "must be true, false, a hop count or a list of addresses" });
      return z.NEVER;
    }),
  APP_STORE_URL: z.url().default("https://apps.apple.com/app/clink-never-drink-alone/id6740000000"),
  GOOGLE_PLAY_URL: z.url().default("https://play.google.com/store/apps/details?id=app.clink"),
  /** The app's App Store id (digits): store links become Apple's campaign links, and pages carry the Smart App Banner. */
  APP_STORE_ID: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, "must be the app's App Store id (digits only, e.g. 6740000000)")
    .optional(),
  /** Apple's provider token (`pt` in App Store Connect's campaign links): App Store links carry it. */
  APP_STORE_PROVIDER_TOKEN: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, "must be the provider token (digits, the pt= of an App Store Connect campaign link)")
    .optional(),
  /** The app's Google Play package name: Google Play links are made from it. */
  GOOGLE_PLAY_PACKAGE: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, "must be a package name such as app.clink")
    .optional(),
  // The early-adopter list's spots ("Only N spots available" counts down from this as addresses are confirmed).
  WAITLIST_SPOTS: z.coerce.number().int().min(0).max(1_000_000).default(500),
  // New-post e-mails queued per batch of the job runner (each batch also within PUBLIC_MAIL_HOURLY_BUDGET).
  LIST_MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // The venue explorer's map tiles ({s} {z} {x} {y} placeholders) and their credit line, and its weather.
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, "must be an http(s) URL with {z}, {x} and {y}")
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .min(1)
    .max(500)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  WEATHER_PROVIDER: z.enum(["simulated", "open-meteo"]).default("simulated"),
  OPEN_METEO_URL: z.url().default("https://api.open-meteo.com/v1/forecast"),
  ...edgeSettings,
  /** Memory for rendered pages kept by the front cache (all encodings), in MB. */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * Tests only: lets a request name failures to inject (the X-Clink-Faults header) to prove a write
   * rolls back whole (docs/decisions/0011-write-boundaries.md). Off unless set to "on".
   */
  CLINK_FAULT_INJECTION: z.enum(["on", "off"]).default("off"),
  /** Where scheduled and `npm run backup` archives go, how many scheduled ones are kept, and when (SITE_TIMEZONE). */
  BACKUP_DIR: z.string().min(1).default("./backups"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day such as 03:00")
    .default("03:00"),
  /**
   * Free space (MB) kept on the data and backup folders' disks: below it writes answer 507, /healthz says
   * "degraded", the owner is told, and the server does not start (app/core/instance/disk-space.server.ts).
   */
  DISK_FLOOR_MB: z.coerce.number().int().min(1).max(1_048_576).default(64),
  /** A bearer token that opens /metrics to a remote scraper; without it only loopback is answered. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, "SITE_URL" | "MAIL_TRANSPORT"> & {
  SITE_URL: string;
  MAIL_TRANSPORT: "smtp" | "files";
  /** True when SITE_URL was not given and follows PORT and HOST. */
  SITE_URL_DERIVED: boolean;
};

/** The address a browser on this machine opens for a server listening on host:port. */
export function localSiteUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset, so `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  const fail = (name: string, message: string) => new EnvError(`Invalid configuration:\n  ${name}: ${message}`);
  if ((parsed.ADMIN_EMAIL === undefined) !== (parsed.ADMIN_PASSWORD === undefined)) {
    throw fail("ADMIN_EMAIL", "ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  // Production refuses the defaults that only make sense on one's own machine (npm start says so with LOCAL_DEFAULTS).
  const strict = parsed.NODE_ENV === "production" && !parsed.LOCAL_DEFAULTS;
  if (parsed.SITE_URL === undefined && strict) {
    throw fail(
      "SITE_URL",
      "must be set in production: the site's public address, e.g. https://clink.example (it goes into links, feeds and e-mails)",
    );
  }
  if (parsed.MAIL_TRANSPORT === "smtp" && !parsed.SMTP_URL) throw fail("SMTP_URL", "must be set when MAIL_TRANSPORT=smtp");
  if (parsed.MAIL_TRANSPORT === "files" && parsed.SMTP_URL)
    throw fail("MAIL_TRANSPORT", "is files, but SMTP_URL is set too: unset one of them");
  if (!parsed.SMTP_URL && parsed.MAIL_TRANSPORT === undefined && strict) {
    throw fail(
      "SMTP_URL",
      "must be set in production, or set MAIL_TRANSPORT=files to keep mail as files in DATA_DIR/outbox (nothing is delivered)",
    );
  }
  const dkim = [parsed.DKIM_DOMAIN, parsed.DKIM_SELECTOR, parsed.DKIM_PRIVATE_KEY ?? parsed.DKIM_PRIVATE_KEY_FILE];
  if (dkim.some((v) => v !== undefined) && dkim.some((v) => v === undefined)) {
    throw fail("DKIM_DOMAIN", "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) must be set together");
  }
  const cdnNeeds: Record<CdnTarget, Array<[string, unknown]>> = {
    cloudflare: [
      ["CLOUDFLARE_ZONE_ID", parsed.CLOUDFLARE_ZONE_ID],
      ["CLOUDFLARE_API_TOKEN", parsed.CLOUDFLARE_API_TOKEN],
    ],
    fastly: [
      ["FASTLY_SERVICE_ID", parsed.FASTLY_SERVICE_ID],
      ["FASTLY_API_TOKEN", parsed.FASTLY_API_TOKEN],
    ],
    varnish: [["VARNISH_PURGE_URLS", parsed.VARNISH_PURGE_URLS.length > 0 ? true : undefined]],
  };
  for (const target of parsed.CDN_PURGE) {
    const missing = cdnNeeds[target].find(([, value]) => value === undefined);
    if (missing) throw fail(missing[0], `must be set when CDN_PURGE includes ${target}`);
  }
  if (parsed.DKIM_PRIVATE_KEY && parsed.DKIM_PRIVATE_KEY_FILE)
    throw fail("DKIM_PRIVATE_KEY", "is set, and DKIM_PRIVATE_KEY_FILE too: set one of them");
  return {
    ...parsed,
    SITE_URL: parsed.SITE_URL ?? localSiteUrl(parsed.HOST, parsed.PORT),
    SITE_URL_DERIVED: parsed.SITE_URL === undefined,
    MAIL_TRANSPORT: parsed.MAIL_TRANSPORT ?? (parsed.SMTP_URL ? "smtp" : "files"),
  };
}

/**
 * The settings an operator's command (doctor, backup, restore, admin) reads: the caller's environment when it
 * says NODE_ENV (a server's shell, the service's settings), else the local defaults `npm start` runs with
 * (NODE_ENV=production LOCAL_DEFAULTS=true), so a command works wherever `npm start` does.
 */
export function commandSettings(source: Record<string, string | undefined> = process.env): Record<string, string | undefined> {
  return source.NODE_ENV ? source : { ...source, NODE_ENV: "production", LOCAL_DEFAULTS: source.LOCAL_DEFAULTS || "true" };
}

/** A configuration error in one sentence for a command's output: "SITE_URL must be set in production: ...". */
export function envErrorSentence(error: EnvError): string {
  const lines = error.message
    .split("\n")
    .slice(1)
    .map((line) => line.trim().replace(/^([\w.]+): /, "$1 "));
  return `The configuration is not valid: ${lines.join("; ")}.`.replace(/\.\.$/, ".");
}

let current: Env | undefined;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  current = parseEnv(source);
  return current;
}

export function getEnv(): Env {
  if (!current) current = parseEnv(process.env);
  return current;
}
