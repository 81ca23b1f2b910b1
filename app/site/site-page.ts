/** An entry of the page registry (./pages.ts, with the staff pages of ./staff-pages.ts). */
type PageGroup = "home" | "company" | "landing" | "support" | "legal" | "blog" | "tools" | "admin";

export type SitePage = {
  path: string;
  /** The document title. Only the home page carries the brand. */
  title: string;
  /** 50-160 characters: search engines show it under the title. */
  description: string;
  /** Short name for breadcrumbs and link lists. */
  name: string;
  group: PageGroup;
  /** Public and meant for search engines (sitemap, site search); false for admin and result pages. */
  indexable: boolean;
};
