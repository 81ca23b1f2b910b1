import { z } from "~/core/text/zod";

/**
 * Universal Links (Apple) and Android App Links: what the admin sets (PUT /api/admin/app-links) and the two
 * files the site then serves, exactly as Apple and Google document them (pure; decision record 0062):
 *
 * - /.well-known/apple-app-site-association: `{"applinks": {"details": [{"appIDs": ["TEAMID.bundle.id"],
 *   "components": [{"/": "/path/*"}, {"/": "/private/*", "exclude": true}]}]}}` (Apple's `components`
 *   form, iOS 13 and later; a path written "NOT /x" is an excluded component).
 * - /.well-known/assetlinks.json: `[{"relation": ["delegate_permission/common.handle_all_urls"], "target":
 *   {"namespace": "android_app", "package_name": "…", "sha256_cert_fingerprints": ["AA:…"]}}]`.
 */
const TEAM_ID = /^[A-Z0-9]{10}$/;
/** Reverse DNS: two or more labels of letters, digits and hyphens (Apple also allows them). */
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** Java's package names: two or more segments, each a letter then letters, digits or underscores. */
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** A SHA-256 certificate fingerprint as keytool and the Play Console print it: 32 colon-separated hex pairs. */
const FINGERPRINT = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}$/;
/** A path pattern Apple matches: from "/", no spaces, `*` and `?` as wildcards; "NOT " before it excludes it. */
const PATH = /^(NOT )?\/[^\s#]*$/;

export const appLinksSchema = z.strictObject({
  apple: z
    .strictObject(
      {
        teamId: z
          .string({ error: "apple.teamId must be text" })
          .trim()
          .regex(TEAM_ID, "apple.teamId must be 10 capital letters or digits (your Apple team id)"),
        bundleId: z
          .string({ error: "apple.bundleId must be text" })
          .trim()
          .max(155, "apple.bundleId is too long")
          .regex(BUNDLE_ID, "apple.bundleId must be a reverse-DNS bundle id such as app.clink.ios"),
        paths: z
          .array(
            z
              .string({ error: "apple.paths must be paths" })
              .trim()
              .max(200, "apple.paths: a path is too long")
              .regex(PATH, 'apple.paths: each path starts with / (or "NOT /" to exclude it)'),
            {
              error: "apple.paths must be a list of paths",
            },
          )
          .min(1, "apple.paths needs at least one path (/* for every page)")
          .max(100, "apple.paths: at most 100 paths"),
      },
      { error: "apple must be {teamId, bundleId, paths}" },
    )
    .optional(),
  android: z
    .strictObject(
      {
        packageName: z
          .string({ error: "android.packageName must be text" })
          .trim()
          .max(150, "android.packageName is too long")
          .regex(PACKAGE_NAME, "android.packageName must be a Java-style package name such as app.clink"),
        sha256Fingerprints: z
          .array(
            z
              .string({ error: "android.sha256Fingerprints must be text" })
              .trim()
              .regex(FINGERPRINT, "android.sha256Fingerprints: each is 32 colon-separated hex pairs (AB:CD:…)"),
            {
              error: "android.sha256Fingerprints must be a list",
            },
          )
          .min(1, "android.sha256Fingerprints needs at least one fingerprint")
          .max(10, "android.sha256Fingerprints: at most 10"),
      },
      { error: "android must be {packageName, sha256Fingerprints}" },
    )
    .optional(),
});
export type AppLinks = z.output<typeof appLinksSchema>;
export type AppleLinks = NonNullable<AppLinks["apple"]>;
export type AndroidLinks = NonNullable<AppLinks["android"]>;

/** The settings as kept: fingerprints in capitals (as Google's and keytool's examples write them), duplicates dropped. */
export function normalAppLinks(links: AppLinks): AppLinks {
  return {
    ...(links.apple ? { apple: { ...links.apple, paths: [...new Set(links.apple.paths)] } } : {}),
    ...(links.android
      ? {
          android: {
            ...links.android,
            sha256Fingerprints: [...new Set(links.android.sha256Fingerprints.map((f) => f.toUpperCase()))],
          },
        }
      : {}),
  };
}

type Component = { "/": string; exclude?: true };

/** The apple-app-site-association document. */
export function appleAppSiteAssociation(apple: AppleLinks) {
  const components: Component[] = apple.paths.map((path) =>
    path.startsWith("NOT ") ? { "/": path.slice(4), exclude: true } : { "/": path },
  );
  return {
    applinks: {
      details: [{ appIDs: [`${apple.teamId}.${apple.bundleId}`], components }],
    },
  };
}

/** The Digital Asset Links statement list (assetlinks.json). */
export function assetLinks(android: AndroidLinks) {
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: {
        namespace: "android_app",
        package_name: android.packageName,
        sha256_cert_fingerprints: android.sha256Fingerprints,
      },
    },
  ];
}
