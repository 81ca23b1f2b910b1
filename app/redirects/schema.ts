import { z } from "~/core/text/zod";
import { asUri, controlCharacterIn, REDIRECT_STATUSES, type RedirectStatus } from "./rules";

/**
 * A redirect rule as the admin gives it (POST /api/admin/redirects, the admin's form, each line of an
 * import): one schema, so the browser and the server say the same thing.
 */

/** Addresses no rule may take: the admin, the API, the site's own machinery, and the home page. */
// /.well-known: Apple and Google read app links there and follow no redirect (app/install).
const RESERVED = ["/admin", "/ai-admin", "/api", "/assets", "/healthz", "/metrics", "/_ops", "/__manifest", "/.well-known"];

/** Why `from` may not have a rule, or null. A prefix may not cover a reserved address either. */
export function reservedProblem(from: string): string | null {
  const prefix = from.endsWith("*") ? from.slice(0, -1) : null;
  const path = prefix ?? from;
  if (path === "/" && !prefix) return "The home page cannot be redirected";
  for (const reserved of RESERVED) {
    if (
      path === reserved ||
      path.startsWith(`${reserved}/`) ||
      (prefix !== null && reserved.startsWith(prefix)) ||
      (prefix === null && path === `${reserved}/`)
    ) {
      return `Addresses under ${reserved} cannot be redirected`;
    }
  }
  return null;
}

/** A path as it arrives in a request (percent-encoded where it must be), or null when it is not a plain path. */
function canonicalPath(path: string): string | null {
  try {
    const url = new URL(path, "http://x");
    return url.origin === "http://x" ? url.pathname : null;
  } catch {
    return null;
  }
}

const fromSchema = z
  .string({ error: "Give the address to redirect" })
  .trim()
  .min(1, "Give the address to redirect")
  .max(500, "Keep the address under 500 characters")
  .superRefine((from, ctx) => {
    const control = controlCharacterIn(from);
    const message = control
      ? `The address to redirect holds a control character (${control}); remove it`
      : !from.startsWith("/") || from.startsWith("//")
        ? "The address to redirect is a path starting with /, such as /old-page"
        : /[\s?#]/.test(from)
          ? "The address to redirect is a path without spaces, ? or #"
          : from.slice(0, -1).includes("*")
            ? "A * may only end the address (a prefix, such as /old/*)"
            : canonicalPath(from.replace(/\*$/, "")) === null
              ? "The address to redirect is not a valid path"
              : reservedProblem(from);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((from) => {
    const star = from.endsWith("*") ? "*" : "";
    return canonicalPath(from.slice(0, from.length - star.length))! + star;
  });

const toSchema = z
  .string({ error: "Give the address to send visitors to" })
  .trim()
  .max(2000, "Keep the target under 2,000 characters")
  .superRefine((to, ctx) => {
    if (to === "") return;
    const control = controlCharacterIn(to);
    if (control) return void ctx.addIssue({ code: "custom", message: `The target holds a control character (${control}); remove it` });
    if (/\s/.test(to)) return void ctx.addIssue({ code: "custom", message: "The target has no spaces" });
    if (/^https?:\/\//i.test(to)) {
      if (asUri(to) === null) ctx.addIssue({ code: "custom", message: "The target is not a valid address" });
      return;
    }
    if (!to.startsWith("/") || /^[/\\]{2}/.test(to))
      ctx.addIssue({ code: "custom", message: "The target is a path starting with / or an address starting with https://" });
    else if (to.slice(0, -1).includes("*")) ctx.addIssue({ code: "custom", message: "A * may only end the target" });
    else if (asUri(to) === null) ctx.addIssue({ code: "custom", message: "The target is not a valid address" });
  })
  // Stored as a URI (RFC 3987): `/ブログ` as `/%E3%83%96%E3%83%AD%E3%82%B0`, `https://例え.jp/` in Punycode.
  .transform((to) => asUri(to)!);

const statusSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\d{3}$/.test(value.trim()) ? Number(value) : value),
  z.union(
    REDIRECT_STATUSES.map((status) => z.literal(status)),
    { error: "Choose 301, 302, 307, 308 or 410" },
  ),
) as unknown as z.ZodType<RedirectStatus>;

export const redirectInputSchema = z
  .strictObject({ from: fromSchema, to: toSchema.default(""), status: statusSchema })
  .superRefine((rule, ctx) => {
    if (rule.status === 410) return;
    if (rule.to === "") ctx.addIssue({ code: "custom", path: ["to"], message: "Give the address to send visitors to" });
    else if (rule.to.endsWith("*") && !rule.from.endsWith("*"))
      ctx.addIssue({ code: "custom", path: ["to"], message: "A target may end in * only when the address to redirect does" });
    else if (rule.to === rule.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: `This rule would make a loop: ${rule.from} -> ${rule.from}` });
  })
  .transform((rule) => (rule.status === 410 ? { ...rule, to: "" } : rule));

/** An import (POST /api/admin/redirects/import): a CSV of `from,to,status`, or Ghost's redirects.json. */
export const redirectImportSchema = z.strictObject({
  format: z.enum(["csv", "ghost"], { error: "Choose csv or ghost" }),
  content: z.string({ error: "Attach the file" }).min(1, "The file is empty").max(1_000_000, "Keep the file under 1 MB"),
});
