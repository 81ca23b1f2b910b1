/**
 * What the HTTP server (server/) needs from the features, handed to it at start by the composition root
 * (app/startup.server.ts): server/ itself imports no feature.
 */
export type ServerHooks = {
  /** Cookies that make a request personal: never answered from, nor stored in, a shared page cache. */
  personalCookies: readonly string[];
  /** Origins the CSP allows images from, besides the site and https: in general (the map's tiles). */
  imageSources: readonly string[];
  /** Creates the first admin account when there is none (ADMIN_EMAIL, or a generated password). */
  ensureFirstAdmin: () => Promise<void>;
};
