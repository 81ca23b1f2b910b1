import { z } from "zod";

/** Where changed pages can be purged (app/cdn). */
export const CDN_TARGETS = ["cloudflare", "fastly", "varnish"] as const;
export type CdnTarget = (typeof CDN_TARGETS)[number];

/** The server's CDN settings (part of env.server.ts's one schema): where changed pages are purged, and how long edges keep them. */
export const edgeSettings = {
  /**
   * Where changed pages are purged (comma-separated: cloudflare, fastly, varnish; docs/operations.md). With
   * one set, shared answers carry an edge lifetime of EDGE_MAX_AGE; without, 60 s as before.
   */
  CDN_PURGE: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const targets = [
        ...new Set(
          value
            .split(",")
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      const bad = targets.filter((t) => !CDN_TARGETS.includes(t as CdnTarget));
      if (bad.length > 0)
        ctx.addIssue({ code: "custom", message: `unknown purge target ${bad.join(", ")} (write cloudflare, fastly and/or varnish)` });
      return targets as CdnTarget[];
    }),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .regex(/^[a-f0-9]{32}$/i, "must be the zone's 32-character id (Overview page of the domain)")
    .optional(),
  CLOUDFLARE_API_TOKEN: z.string().min(20, "must be an API token with the Cache Purge permission").optional(),
  CLOUDFLARE_API_BASE: z
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://api.cloudflare.com"),
  FASTLY_SERVICE_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{10,40}$/, "must be the service's id (letters and digits)")
    .optional(),
  FASTLY_API_TOKEN: z.string().min(20, "must be an API token with the purge_select scope").optional(),
  FASTLY_API_BASE: z
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://api.fastly.com"),
  /** Each Varnish to send PURGE (xkey) to, comma-separated, e.g. http://127.0.0.1:6081 (deploy/varnish/). */
  VARNISH_PURGE_URLS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const urls = value
        .split(",")
        .map((s) => s.trim().replace(/\/+$/, ""))
        .filter(Boolean);
      const bad = urls.filter((u) => !/^https?:\/\/[^\s/]+$/.test(u));
      if (bad.length > 0)
        ctx.addIssue({ code: "custom", message: `not an http(s) origin such as http://127.0.0.1:6081: ${bad.join(", ")}` });
      return urls;
    }),
  /** Seconds a CDN or Varnish keeps a shared answer when CDN_PURGE is set (it is purged on change). Default a day. */
  EDGE_MAX_AGE: z.coerce.number().int().min(1).max(31_536_000).default(86_400),
};
