import { z } from "~/core/text/zod";

/**
 * An error event (pure): what a browser's beacon sends to POST /api/errors, and what the server's capture
 * hands the errors service. Bounded in every field; the page is a path only (any query string is cut) and
 * nothing names the visitor (no address, no cookie, no form contents).
 */
export const ERROR_KINDS = ["browser", "server"] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The beacon's body is refused past this many bytes (413). */
export const ERROR_BEACON_MAX_BYTES = 8192;
export const MAX_STACK_CHARS = 6000;
export const MAX_MESSAGE_CHARS = 500;

const text = (max: number, what: string) => z.string({ error: `${what} must be text` }).max(max, `${what} is too long`);

export const browserErrorSchema = z.strictObject({
  type: text(100, "type").default("Error"),
  message: text(MAX_MESSAGE_CHARS * 2, "message"),
  stack: text(MAX_STACK_CHARS * 2, "stack").default(""),
  page: z.string({ error: "page must be a path" }).max(500, "page is too long").regex(/^\//, "page must be a path starting with /"),
  /** Which of the page's beacons this is (one page view sends at most a few). */
  seq: z.int({ error: "seq must be a whole number" }).min(0, "seq must be 0 or more").max(1000, "seq is too large").optional(),
});

/** One occurrence, as the errors service stores it. */
export type ErrorEvent = {
  kind: ErrorKind;
  type: string;
  message: string;
  stack: string;
  /** The path, without query string or fragment. */
  page: string | null;
  /** A browser family ("Chrome", "Safari", ...), never the whole user agent. */
  browser: string | null;
  requestId: string | null;
  release: string;
  occurredAt: Date;
};

/** The page's path alone: a query string's values and a fragment are never kept. */
export function pathOnly(page: string | null | undefined): string | null {
  if (!page) return null;
  const path = page.split(/[?#]/, 1)[0]!;
  return path.slice(0, 300) || "/";
}

/** A user agent's browser family: enough to say "Safari only", too little to tell a visitor apart. */
export function browserFamily(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  if (/Edg\//.test(userAgent)) return "Edge";
  if (/OPR\/|Opera/.test(userAgent)) return "Opera";
  if (/Firefox\//.test(userAgent)) return "Firefox";
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent)) return "Safari";
  if (/node|undici/i.test(userAgent)) return "Node";
  return "Other";
}

/** PATCH /api/admin/errors/:id */
export const issuePatchSchema = z.strictObject({
  resolved: z.boolean({ error: "resolved must be true or false" }),
});
