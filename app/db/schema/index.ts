/**
 * The one schema for both databases (PGlite and PostgreSQL), one file per feature. Change it, then run
 * `npm run db:generate` to add a migration to ./drizzle.
 */
export * from "./auth";
export * from "./blog";
export * from "./blog-tags";
export * from "./core";
export * from "./forms";
export * from "./jobs";
export * from "./discoverability";
export * from "./mail";
export * from "./deliverability";
export * from "./privacy";
export * from "./two-factor";
export * from "./venues";
export * from "./ops";
export * from "./analytics";
export * from "./integrations";
export * from "./redirects";
export * from "./audience";
export * from "./webhooks";
export * from "./install";
export * from "./errors";
export * from "./cdn";
