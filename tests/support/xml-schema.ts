import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
/** The sitemaps.org schemas (tests/fixtures, with where they were copied from): a sitemap, and a sitemap index. */
export const SITEMAP_XSD = path.join(FIXTURES, "sitemap.xsd");
export const SITEINDEX_XSD = path.join(FIXTURES, "siteindex.xsd");

/**
 * What xmllint finds wrong with `xml` against an XSD, or null when it is valid. The document goes in on
 * standard input, so no test leaves a temporary file behind.
 */
export function schemaErrors(xml: string, schema = SITEMAP_XSD): string | null {
  const run = spawnSync("xmllint", ["--noout", "--schema", schema, "-"], { input: xml, encoding: "utf8" });
  if (run.error) throw run.error;
  return run.status === 0 ? null : run.stderr || `xmllint exited with ${run.status}`;
}
