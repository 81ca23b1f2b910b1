/**
 * Ghost 5's API versions, as its api-version-compatibility service answers them: the legacy paths
 * /ghost/api/{v2,v3,v4,canary}/content/... are the current API with a `Deprecation: version="vN"`
 * header (canary is v4) and a `Link` to the unversioned address; an `Accept-Version` header (or a
 * legacy path) is answered with `Content-Version`; `Vary: Accept-Version` always. Ghost's Content
 * API is the same shape for every client version since 5.0, so nothing else changes with it.
 */

/** The Ghost version this API answers as (Ghost's "safe" version: major.minor). */
const GHOST_VERSION = "5.0";

const LEGACY_VERSIONS = ["v2", "v3", "v4", "canary"] as const;

export function isLegacyVersion(segment: string): boolean {
  return (LEGACY_VERSIONS as readonly string[]).includes(segment);
}

/**
 * The headers Ghost adds for this request: `legacy` is the version segment of the path (null for
 * /ghost/api/content/...), `latest` the same address without it.
 */
export function versionHeaders(acceptVersion: string | null, legacy: string | null, latest: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (legacy) {
    const version = legacy === "canary" ? "v4" : legacy;
    headers.Deprecation = `version="${version}"`;
    headers.Link = `<${latest}>; rel="latest-version"`;
    acceptVersion ??= `${version}.0`;
  }
  if (acceptVersion) headers["Content-Version"] = `v${GHOST_VERSION}`;
  return headers;
}

/**
 * For an address that names no resource: Ghost's 406 when the client asked for another major version
 * (its resourceNotFound handler), else null (a plain 404). Minor versions are not compared: every 5.x
 * client reads the same shapes, and a 5.80 client is not "ahead" of this API in any way it could see.
 */
export function versionMismatch(acceptVersion: string | null): { message: string; context: string; help: string } | null {
  const asked = /^v?(\d+)/.exec(acceptVersion ?? "");
  if (!asked) return null;
  const major = Number(GHOST_VERSION.split(".")[0]);
  const askedMajor = Number(asked[1]);
  if (askedMajor === major) return null;
  const ahead = askedMajor > major;
  return {
    message: "Request could not be served, the endpoint was not found.",
    context: `Provided client accept-version ${acceptVersion} is ${ahead ? "ahead of" : "behind"} current Ghost version v${GHOST_VERSION}.`,
    help: ahead ? "Try upgrading your Ghost install." : "Try upgrading your Ghost API client.",
  };
}
